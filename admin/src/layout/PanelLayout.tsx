import type { ReactNode } from "react";
import { Layout, Menu, useBasename, usePermissions } from "react-admin";
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
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";

function Section({ children }: { children: ReactNode }) {
  return (
    <ListSubheader disableSticky sx={{ lineHeight: "32px", mt: 1, bgcolor: "transparent" }}>
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
      {any("destinos", "pais", "ciudades") && <Section>Catálogo</Section>}
      {item("destinos", "Destinos", <TourIcon />)}
      {item("pais", "Países", <PublicIcon />)}
      {item("ciudades", "Ciudades", <LocationCityIcon />)}
      {any("pedidos", "salidas", "checkin", "rewards", "ayuda") && <Section>Ventas y solicitudes</Section>}
      {item("pedidos", "Pedidos", <ReceiptLongIcon />)}
      {item("salidas", "Salidas", <EventSeatIcon />)}
      {item("checkin", "Check-in", <QrCodeScannerIcon />)}
      {item("rewards", "Rewards", <CardGiftcardIcon />)}
      {item("ayuda", "Ayuda", <SupportAgentIcon />)}
      {any("banner") && <Section>Sitio</Section>}
      {item("banner", "Banner", <ViewCarouselIcon />)}
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

export function PanelLayout({ children }: { children: ReactNode }) {
  return <Layout menu={PanelMenu}>{children}</Layout>;
}
