import { CONTACT } from "./site-links";

/** The company's legal identity, shown on /legal and in the documents. */
export const COMPANY = {
  name: "Puzzle Travel S.A.S.",
  nit: "NIT 901.456.782-3",
  rnt: "Registro Nacional de Turismo (RNT) n.º 145872",
  address: "Calle 93 # 13-24, oficina 502, Bogotá D.C., Colombia",
  email: CONTACT.email,
  phone: CONTACT.phone,
  phoneHref: CONTACT.phoneHref,
} as const;

export interface LegalDoc {
  slug: string;
  title: string;
  summary: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export const LEGAL_DOCS: LegalDoc[] = [
  {
    slug: "contrato",
    title: "Contrato de prestación de servicios turísticos",
    summary: "Condiciones de la reserva, el pago y la prestación de los tours que compras en nuestra tienda.",
    updated: "1 de noviembre de 2026",
    sections: [
      {
        heading: "1. Objeto",
        paragraphs: [
          `${COMPANY.name} actúa como agencia de viajes que comercializa tours y actividades guiadas prestadas por operadores locales. Al confirmar tu pedido celebras con nosotros un contrato de intermediación turística sujeto a la Ley 300 de 1996 y al Estatuto del Consumidor (Ley 1480 de 2011).`,
        ],
      },
      {
        heading: "2. Precio y pago",
        paragraphs: [
          "Los precios se expresan en dólares estadounidenses (USD) e incluyen los impuestos aplicables. Los niños de 4 a 15 años pagan el 60 % de la tarifa de adulto, los menores de 3 años no pagan y las mascotas pagan el 20 %.",
          "El pago se realiza a través de una pasarela externa. El pedido se considera confirmado cuando la pasarela aprueba el cobro.",
        ],
      },
      {
        heading: "3. Cambios y cancelaciones",
        paragraphs: [
          "Puedes cancelar sin costo hasta 24 horas antes del inicio de la actividad en los tours marcados como reembolsables. Las solicitudes se atienden en el correo de contacto y el reembolso se hace por el mismo medio de pago.",
          "Si el operador cancela la actividad por clima o causas de fuerza mayor, te ofreceremos otra fecha o el reembolso total.",
        ],
      },
      {
        heading: "4. Responsabilidad",
        paragraphs: [
          "Respondemos por la correcta gestión de tu reserva. La prestación del servicio es responsabilidad del operador local, cuya identidad te informamos antes de la actividad.",
        ],
      },
    ],
  },
  {
    slug: "privacidad",
    title: "Política de privacidad y tratamiento de datos",
    summary: "Qué datos personales tratamos, para qué y cómo ejercer tus derechos (Ley 1581 de 2012).",
    updated: "1 de noviembre de 2026",
    sections: [
      {
        heading: "1. Responsable",
        paragraphs: [`${COMPANY.name}, ${COMPANY.nit}, con domicilio en ${COMPANY.address}.`],
      },
      {
        heading: "2. Datos que tratamos",
        paragraphs: [
          "Nombre, apellido, documento de identidad o NIT, correo electrónico, teléfonos y dirección que nos das al reservar o al solicitar información, y el historial de tus pedidos.",
          "No guardamos datos de tarjetas: el pago lo procesa directamente la pasarela de pago.",
        ],
      },
      {
        heading: "3. Finalidades",
        paragraphs: [
          "Gestionar tus reservas y pagos, enviarte la información de tus actividades, atender solicitudes de ayuda y, si lo autorizas, informarte sobre Puzzle Rewards.",
        ],
      },
      {
        heading: "4. Tus derechos",
        paragraphs: [
          `Puedes conocer, actualizar, rectificar y suprimir tus datos, y revocar tu autorización, escribiendo a ${COMPANY.email}. Respondemos en un máximo de 15 días hábiles.`,
        ],
      },
      {
        heading: "5. Cookies",
        paragraphs: [
          "Usamos cookies propias necesarias para tu carrito, tus favoritos, los avisos de la tienda y las actividades que visitaste. No usamos cookies publicitarias de terceros.",
        ],
      },
    ],
  },
  {
    slug: "terminos",
    title: "Términos y condiciones de uso",
    summary: "Reglas de uso del sitio web, de las opiniones de los viajeros y de los contenidos publicados.",
    updated: "1 de noviembre de 2026",
    sections: [
      {
        heading: "1. Uso del sitio",
        paragraphs: [
          "El sitio está dirigido a personas mayores de edad que desean informarse y reservar actividades turísticas. No está permitido usarlo con fines fraudulentos ni interferir con su funcionamiento.",
        ],
      },
      {
        heading: "2. Opiniones",
        paragraphs: [
          "Las opiniones deben referirse a una experiencia real y respetar a las personas. Podemos retirar comentarios ofensivos, publicitarios o que revelen datos personales. Nunca mostramos tu correo completo.",
        ],
      },
      {
        heading: "3. Free tours de terceros",
        paragraphs: [
          "Algunas actividades gratuitas (free tours) provienen de un proveedor externo. Su descripción, horarios y precio los informa ese proveedor.",
        ],
      },
      {
        heading: "4. Ley aplicable",
        paragraphs: ["Estos términos se rigen por la ley colombiana. Cualquier reclamación puede presentarse ante la Superintendencia de Industria y Comercio."],
      },
    ],
  },
];

export function legalDoc(slug: string | undefined): LegalDoc | undefined {
  return LEGAL_DOCS.find((doc) => doc.slug === slug);
}
