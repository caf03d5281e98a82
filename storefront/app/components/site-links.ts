/** The menu pages of spec §2 whose screens the spec does not show; each one has a Spanish page. */
export const MENU_PAGES = [
  { to: "/quienes-somos", label: "Quiénes somos" },
  { to: "/habla-con-viajero", label: "Habla con un viajero" },
  { to: "/blog", label: "Blog" },
  { to: "/proveedores", label: "Proveedores" },
  { to: "/afiliados", label: "Afiliados" },
  { to: "/agencia-de-viaje", label: "Agencia de viaje" },
  { to: "/alojamientos", label: "Alojamientos" },
  { to: "/transporte", label: "Transporte" },
  { to: "/contactar", label: "Contactar" },
] as const;

export const CONTACT = {
  email: "contacto@puzzletravel.co",
  phone: "+57 601 555 0142",
  phoneHref: "tel:+576015550142",
  whatsapp: "https://wa.me/573015550142?text=Hola%2C%20quiero%20informaci%C3%B3n%20sobre%20un%20tour",
} as const;

export const SOCIAL_LINKS = [
  { href: "https://www.facebook.com/", label: "Facebook", short: "f" },
  { href: "https://www.instagram.com/", label: "Instagram", short: "ig" },
  { href: "https://x.com/", label: "X", short: "X" },
  { href: "https://www.youtube.com/", label: "YouTube", short: "▶" },
] as const;
