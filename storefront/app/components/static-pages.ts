import { CONTACT } from "./site-links";

export interface StaticPageContent {
  title: string;
  description: string;
  lead: string;
  sections: Array<{ heading: string; paragraphs?: string[]; items?: string[] }>;
  actions: Array<{ to: string; label: string; external?: boolean }>;
}

/** The menu pages whose screens the spec does not show: real Spanish pages, one entry per path. */
export const STATIC_PAGES = {
  "quienes-somos": {
    title: "Quiénes somos",
    description: "Somos una agencia de viajes latinoamericana que conecta a viajeros con guías locales.",
    lead: "Somos un equipo de viajeros, guías y tecnólogos que cree que la mejor forma de conocer un lugar es de la mano de quien vive en él.",
    sections: [
      {
        heading: "Nuestra historia",
        paragraphs: [
          "Empezamos en Bogotá organizando caminatas por La Candelaria. Hoy reunimos tours y free tours en Colombia, México, Perú, Argentina, España y Japón, siempre con guías que hablan español.",
        ],
      },
      {
        heading: "Lo que nos importa",
        items: [
          "Precios finales en USD, sin cargos escondidos.",
          "Guías locales que reciben un pago justo por su trabajo.",
          "Atención en español 24/7 antes, durante y después del viaje.",
        ],
      },
    ],
    actions: [
      { to: "/contactar", label: "Contáctanos" },
      { to: "/legal", label: "Aviso legal" },
    ],
  },
  "habla-con-viajero": {
    title: "Habla con un viajero",
    description: "Resuelve tus dudas con un asesor que ya hizo el viaje.",
    lead: "¿No sabes qué tour elegir o cuántos días necesitas? Habla con un asesor que ya recorrió el destino.",
    sections: [
      {
        heading: "Cómo funciona",
        items: [
          "Escríbenos por WhatsApp o déjanos tus datos en el formulario de ayuda.",
          "Un asesor que conoce el destino te responde en menos de 24 horas.",
          "Te proponemos un plan con tours, horarios y precios finales.",
        ],
      },
      { heading: "Horario", paragraphs: ["Respondemos todos los días de 7:00 a 22:00 (hora de Colombia)."] },
    ],
    actions: [
      { to: CONTACT.whatsapp, label: "Escribir por WhatsApp", external: true },
      { to: "/ayuda", label: "Dejar mis datos" },
    ],
  },
  blog: {
    title: "Blog de viajes",
    description: "Ideas, rutas y consejos para viajar por Latinoamérica, España y Japón.",
    lead: "Rutas, consejos prácticos y recomendaciones de nuestros guías para que aproveches cada día de tu viaje.",
    sections: [
      {
        heading: "Cartagena en 3 días: murallas, Getsemaní y las islas",
        paragraphs: ["Un plan para recorrer la Ciudad Amurallada a pie, cenar en Getsemaní y escaparte a las Islas del Rosario."],
      },
      {
        heading: "Qué llevar a Cusco para aclimatarte a la altura",
        paragraphs: ["Hidratación, ropa por capas y el ritmo adecuado para disfrutar del Valle Sagrado sin mal de altura."],
      },
      {
        heading: "Kioto con guía en español: los templos imprescindibles",
        paragraphs: ["Fushimi Inari al amanecer, el bosque de bambú de Arashiyama y el barrio de Gion al atardecer."],
      },
    ],
    actions: [{ to: "/buscar", label: "Buscar destinos" }],
  },
  proveedores: {
    title: "Proveedores",
    description: "Publica tus tours y actividades en nuestra tienda.",
    lead: "¿Eres operador turístico o guía? Publica tus actividades y llega a viajeros hispanohablantes de todo el mundo.",
    sections: [
      {
        heading: "Qué ofrecemos",
        items: [
          "Visibilidad en nuestra tienda y en nuestras campañas.",
          "Pagos puntuales en USD por cada reserva confirmada.",
          "Un panel para gestionar horarios, fotos y disponibilidad.",
        ],
      },
      { heading: "Requisitos", paragraphs: ["Registro Nacional de Turismo vigente (o su equivalente en tu país) y guías con experiencia."] },
    ],
    actions: [{ to: "/contactar", label: "Quiero ser proveedor" }],
  },
  afiliados: {
    title: "Programa de afiliados",
    description: "Gana comisiones recomendando nuestros tours.",
    lead: "Si tienes un blog, un canal o una comunidad de viajeros, gana una comisión por cada reserva que recomiendes.",
    sections: [
      {
        heading: "Cómo funciona",
        items: [
          "Te damos enlaces personalizados a nuestros tours.",
          "Recibes un 8 % de cada reserva pagada durante 30 días.",
          "Consultas tus ventas y cobras cada mes.",
        ],
      },
    ],
    actions: [{ to: "/contactar", label: "Solicitar información" }],
  },
  "agencia-de-viaje": {
    title: "Para agencias de viaje",
    description: "Tarifas netas y atención dedicada para agencias.",
    lead: "Agencias y organizadores de grupos: accede a tarifas netas, cupos para grupos y un asesor dedicado.",
    sections: [
      {
        heading: "Ventajas",
        items: [
          "Tarifas netas en todos nuestros destinos.",
          "Reservas para grupos con un solo pedido.",
          "Facturación a nombre de tu empresa con NIT.",
        ],
      },
    ],
    actions: [{ to: "/contactar", label: "Hablar con un asesor" }],
  },
  alojamientos: {
    title: "Alojamientos",
    description: "Hoteles recomendados cerca de tus tours.",
    lead: "Muchos de nuestros tours incluyen hotel. Si necesitas noches adicionales, te ayudamos a encontrar alojamiento cerca del punto de encuentro.",
    sections: [
      {
        heading: "Tipos de habitación",
        items: ["Habitación individual", "Habitación doble", "Habitación triple"],
      },
      { heading: "Cómo reservar", paragraphs: ["Indica en el comentario de tu pedido las noches y el tipo de habitación; te confirmamos disponibilidad y precio."] },
    ],
    actions: [{ to: "/ayuda", label: "Pedir alojamiento" }],
  },
  transporte: {
    title: "Transporte",
    description: "Traslados desde el aeropuerto y entre ciudades.",
    lead: "Traslados privados desde el aeropuerto, entre ciudades y hasta el punto de encuentro de tus tours.",
    sections: [
      {
        heading: "Servicios",
        items: ["Traslado aeropuerto – hotel", "Traslados entre ciudades", "Vehículo con conductor por horas"],
      },
    ],
    actions: [{ to: "/ayuda", label: "Solicitar un traslado" }],
  },
  contactar: {
    title: "Contactar",
    description: "Escríbenos o llámanos: te respondemos en español.",
    lead: "Estamos para ayudarte con tus reservas, pagos, cambios o cualquier duda sobre tu viaje.",
    sections: [
      {
        heading: "Canales de atención",
        items: [
          `Correo: ${CONTACT.email}`,
          `Teléfono: ${CONTACT.phone}`,
          "WhatsApp: todos los días de 7:00 a 22:00 (hora de Colombia)",
        ],
      },
    ],
    actions: [
      { to: "/ayuda", label: "Formulario de ayuda" },
      { to: `mailto:${CONTACT.email}`, label: "Enviar un correo", external: true },
    ],
  },
} satisfies Record<string, StaticPageContent>;

export type StaticPageSlug = keyof typeof STATIC_PAGES;
