import type { ReactNode } from "react";
import { AppBar, Layout, Menu, UserMenu, useBasename, useGetIdentity, usePermissions } from "react-admin";
import HistoryIcon from "@mui/icons-material/History";
import { canSee, type Screen } from "../lib/roles";
import EventSeatIcon from "@mui/icons-material/EventSeat";
import { Divider, ListSubheader } from "@mui/material";
import TourIcon from "@mui/icons-material/Tour";
import PublicIcon from "@mui/icons-material/Public";
import LocationCityIcon from "@mui/icons-material/LocationCity";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import CardGiftcardIcon from "@mui/icons-material/CardGiftcard";
import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import ViewCarouselIcon from "@mui/icons-material/ViewCarousel";
import PeopleIcon from "@mui/icons-material/People";
import ArticleIcon from "@mui/icons-material/Article";
import PhotoLibraryIcon from "@mui/icons-material/PhotoLibrary";
import InfoIcon from "@mui/icons-material/Info";
import RateReviewIcon from "@mui/icons-material/RateReview";
import ApiIcon from "@mui/icons-material/Api";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import TodayIcon from "@mui/icons-material/Today";
import SpeedIcon from "@mui/icons-material/Speed";
import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";

/**
 * A heading of a group of the menu. The menu is an ARIA menu, whose children may only be items (and separators):
 * the heading is presentation (role="none"), its text a label between them.
 */
function Section({ children }: { children: ReactNode }) {
  return (
    <ListSubheader role="none" disableSticky sx={{ lineHeight: "32px", mt: 1, bgcolor: "transparent" }}>
      {children}
    </ListSubheader>
  );
}

export function PanelMenu() {
  // Menu.Item links are router-absolute: the panel's /panel prefix has to be added here.
  const base = useBasename();
  const { permissions: rol } = usePermissions<string | undefined>();
  const item = (screen: Screen, label: string, icon: ReactNode) =>
    canSee(rol, screen) ? <Menu.Item to={`${base}/${screen}`} primaryText={label} leftIcon={icon} /> : null;
  const any = (...screens: Screen[]) => screens.some((s) => canSee(rol, s));
  return (
    <Menu>
      {item("hoy", "Hoy", <TodayIcon />)}
      {any("destinos", "pais", "ciudades") && <Section>Catálogo</Section>}
      {item("destinos", "Destinos", <TourIcon />)}
      {item("pais", "Países", <PublicIcon />)}
      {item("ciudades", "Ciudades", <LocationCityIcon />)}
      {any("pedidos", "salidas", "checkin", "codigos", "tarjetas-regalo", "rewards", "ayuda") && <Section>Ventas y solicitudes</Section>}
      {item("pedidos", "Pedidos", <ReceiptLongIcon />)}
      {item("salidas", "Salidas", <EventSeatIcon />)}
      {item("checkin", "Check-in", <QrCodeScannerIcon />)}
      {item("codigos", "Códigos", <LocalOfferIcon />)}
      {item("tarjetas-regalo", "Tarjetas regalo", <AccountBalanceWalletIcon />)}
      {item("rewards", "Rewards", <CardGiftcardIcon />)}
      {item("ayuda", "Ayuda", <SupportAgentIcon />)}
      {any("banner", "rendimiento") && <Section>Sitio</Section>}
      {item("banner", "Banner", <ViewCarouselIcon />)}
      {item("rendimiento", "Rendimiento", <SpeedIcon />)}
      {any("usuarios", "actividad", "apis") && <Section>Equipo</Section>}
      {item("usuarios", "Usuarios", <PeopleIcon />)}
      {item("actividad", "Actividad", <HistoryIcon />)}
      {item("apis", "APIs", <ApiIcon />)}
      {any("blogs", "fotos", "nosotros", "opiniones") && <Divider sx={{ my: 1 }} />}
      {any("blogs", "fotos", "nosotros", "opiniones") && <Section>Sin conexión aún</Section>}
      {item("blogs", "Blogs", <ArticleIcon />)}
      {item("fotos", "Fotos", <PhotoLibraryIcon />)}
      {item("nosotros", "Nosotros", <InfoIcon />)}
      {item("opiniones", "Opiniones", <RateReviewIcon />)}
    </Menu>
  );
}

/**
 * The user menu's button shows the staff member's name: its accessible name starts with that text (WCAG 2.5.3,
 * label in name), where react-admin's default names it only "Perfil".
 */
function PanelUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}, perfil` : "Perfil"} />;
}

function PanelAppBar() {
  return <AppBar userMenu={<PanelUserMenu />} />;
}

/**
 * The content column may be narrower than what it holds (minWidth 0: a flex item otherwise grows to its widest table):
 * on a phone a wide list scrolls inside its own box (`wideTable`) and the page itself never scrolls sideways
 * (WCAG 1.4.10, reflow).
 */
const fitsTheScreen = {
  // react-admin's layout is min-width: fit-content, and each flex box on the way down to a list's card grows to it
  minWidth: 0,
  "& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .RaList-content": { minWidth: 0 },
} as const;

export function PanelLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={PanelMenu} appBar={PanelAppBar} sx={fitsTheScreen}>
      {children}
    </Layout>
  );
}
