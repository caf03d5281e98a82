import type { ReactNode } from "react";
import { Layout, Menu, useBasename } from "react-admin";
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
  return (
    <Menu>
      <Section>Catálogo</Section>
      <Menu.Item to={`${base}/destinos`} primaryText="Destinos" leftIcon={<TourIcon />} />
      <Menu.Item to={`${base}/pais`} primaryText="Países" leftIcon={<PublicIcon />} />
      <Menu.Item to={`${base}/ciudades`} primaryText="Ciudades" leftIcon={<LocationCityIcon />} />
      <Section>Ventas y solicitudes</Section>
      <Menu.Item to={`${base}/pedidos`} primaryText="Pedidos" leftIcon={<ReceiptLongIcon />} />
      <Menu.Item to={`${base}/salidas`} primaryText="Salidas" leftIcon={<EventSeatIcon />} />
      <Menu.Item to={`${base}/rewards`} primaryText="Rewards" leftIcon={<CardGiftcardIcon />} />
      <Menu.Item to={`${base}/ayuda`} primaryText="Ayuda" leftIcon={<SupportAgentIcon />} />
      <Section>Sitio</Section>
      <Menu.Item to={`${base}/banner`} primaryText="Banner" leftIcon={<ViewCarouselIcon />} />
      <Divider sx={{ my: 1 }} />
      <Section>Sin conexión aún</Section>
      <Menu.Item to={`${base}/usuarios`} primaryText="Usuarios" leftIcon={<PeopleIcon />} />
      <Menu.Item to={`${base}/blogs`} primaryText="Blogs" leftIcon={<ArticleIcon />} />
      <Menu.Item to={`${base}/fotos`} primaryText="Fotos" leftIcon={<PhotoLibraryIcon />} />
      <Menu.Item to={`${base}/nosotros`} primaryText="Nosotros" leftIcon={<InfoIcon />} />
      <Menu.Item to={`${base}/opiniones`} primaryText="Opiniones" leftIcon={<RateReviewIcon />} />
      <Menu.Item to={`${base}/apis`} primaryText="APIs" leftIcon={<ApiIcon />} />
    </Menu>
  );
}

export function PanelLayout({ children }: { children: ReactNode }) {
  return <Layout menu={PanelMenu}>{children}</Layout>;
}
