import type { Scene } from "./landscape.ts";

/** The demo catalogue: believable Spanish content for the 18 cities of bundled-places.ts. */
export interface DemoTour {
  nombre: string;
  hotel: string;
  precio: number;
  duracion: string;
  punto: string;
  scene: Scene;
  highlights: string[];
}

export interface DemoCity {
  scene: Scene;
  destacado: boolean;
  tours: DemoTour[];
}

export const PREFIJOS: Record<string, number> = {
  Colombia: 57,
  México: 52,
  Perú: 51,
  España: 34,
  Argentina: 54,
  Japón: 81,
};

export const DEMO_CITIES: Record<string, DemoCity> = {
  Bogotá: {
    scene: "city",
    destacado: true,
    tours: [
      { nombre: "La Candelaria y el Museo del Oro", hotel: "Hotel de la Ópera", precio: 45, duracion: "4 horas", punto: "Plaza de Bolívar, frente a la Catedral Primada", scene: "city", highlights: ["las calles coloniales de La Candelaria", "la colección prehispánica del Museo del Oro", "un chocolate santafereño con queso"] },
      { nombre: "Monserrate al atardecer", hotel: "Casa Deco", precio: 38, duracion: "3 horas", punto: "Estación del teleférico de Monserrate", scene: "hills", highlights: ["el ascenso en teleférico", "la vista de la sabana al caer el sol", "el santuario del Señor Caído"] },
      { nombre: "Catedral de Sal de Zipaquirá", hotel: "Hotel Estelar La Fontana", precio: 89, duracion: "Día completo", punto: "Lobby de su hotel en el norte de Bogotá", scene: "hills", highlights: ["la catedral subterránea tallada en sal", "el pueblo de Zipaquirá", "el almuerzo típico con ajiaco"] },
    ],
  },
  Medellín: {
    scene: "hills",
    destacado: true,
    tours: [
      { nombre: "Comuna 13: grafiti y transformación", hotel: "Hotel Dann Carlton", precio: 35, duracion: "4 horas", punto: "Estación San Javier del metro", scene: "city", highlights: ["las escaleras eléctricas de la Comuna 13", "los murales con guías del barrio", "la historia de la transformación urbana"] },
      { nombre: "Guatapé y la Piedra del Peñol", hotel: "Hotel Poblado Plaza", precio: 75, duracion: "10 horas", punto: "Parque Lleras, El Poblado", scene: "sea", highlights: ["los 740 escalones de la Piedra del Peñol", "el embalse desde lo alto", "los zócalos de colores de Guatapé"] },
    ],
  },
  Cartagena: {
    scene: "sea",
    destacado: true,
    tours: [
      { nombre: "Ciudad amurallada y Getsemaní", hotel: "Hotel Charleston Santa Teresa", precio: 40, duracion: "3 horas", punto: "Torre del Reloj", scene: "city", highlights: ["las murallas al atardecer", "las plazas de Getsemaní", "los balcones floridos del centro histórico"] },
      { nombre: "Islas del Rosario en lancha", hotel: "Hotel Caribe by Faranda", precio: 110, duracion: "Día completo", punto: "Muelle de La Bodeguita", scene: "sea", highlights: ["el agua turquesa del archipiélago", "el esnórquel entre corales", "el almuerzo de pescado frito y patacón"] },
      { nombre: "Castillo de San Felipe de Barajas", hotel: "Casa San Agustín", precio: 30, duracion: "2 horas", punto: "Entrada principal del castillo", scene: "hills", highlights: ["los túneles del castillo", "la historia de los asedios piratas", "la vista de la bahía"] },
    ],
  },
  "Ciudad de México": {
    scene: "city",
    destacado: true,
    tours: [
      { nombre: "Teotihuacán al amanecer", hotel: "Hotel Zócalo Central", precio: 95, duracion: "8 horas", punto: "Monumento a la Revolución", scene: "desert", highlights: ["la Pirámide del Sol", "la Calzada de los Muertos", "un desayuno en una cueva"] },
      { nombre: "Xochimilco y Coyoacán", hotel: "Gran Hotel Ciudad de México", precio: 60, duracion: "6 horas", punto: "Ángel de la Independencia", scene: "sea", highlights: ["las trajineras con mariachi", "la Casa Azul de Frida Kahlo", "el mercado de Coyoacán"] },
      { nombre: "Centro Histórico y murales de Diego Rivera", hotel: "Hotel Catedral", precio: 35, duracion: "4 horas", punto: "Zócalo, frente a la Catedral Metropolitana", scene: "city", highlights: ["el Palacio Nacional", "el Templo Mayor", "los murales de la Secretaría de Educación"] },
    ],
  },
  Cancún: {
    scene: "sea",
    destacado: false,
    tours: [
      { nombre: "Chichén Itzá y cenote Ik Kil", hotel: "Hotel Riu Caribe", precio: 120, duracion: "Día completo", punto: "Lobby de su hotel en la zona hotelera", scene: "desert", highlights: ["la pirámide de Kukulcán", "un baño en el cenote Ik Kil", "el pueblo mágico de Valladolid"] },
      { nombre: "Isla Mujeres en catamarán", hotel: "Hotel Presidente InterContinental", precio: 85, duracion: "7 horas", punto: "Marina Aquatours, km 6.5", scene: "sea", highlights: ["la navegación en catamarán", "el esnórquel en el arrecife", "Playa Norte"] },
    ],
  },
  Oaxaca: {
    scene: "desert",
    destacado: false,
    tours: [
      { nombre: "Monte Albán y talleres de alebrijes", hotel: "Hotel Casa Oaxaca", precio: 55, duracion: "6 horas", punto: "Templo de Santo Domingo", scene: "hills", highlights: ["la zona arqueológica zapoteca", "un taller de alebrijes en San Martín Tilcajete", "la comida de mole negro"] },
      { nombre: "Hierve el Agua y ruta del mezcal", hotel: "Quinta Real Oaxaca", precio: 70, duracion: "9 horas", punto: "Zócalo de Oaxaca", scene: "desert", highlights: ["las cascadas petrificadas", "una destilería artesanal de mezcal", "el árbol del Tule"] },
    ],
  },
  Cusco: {
    scene: "hills",
    destacado: true,
    tours: [
      { nombre: "Machu Picchu en tren", hotel: "Hotel Monasterio", precio: 180, duracion: "Día completo", punto: "Estación de Poroy", scene: "hills", highlights: ["el tren panorámico por el valle", "la ciudadela inca con guía", "Aguas Calientes"] },
      { nombre: "Valle Sagrado de los Incas", hotel: "Casa Andina Premium", precio: 65, duracion: "10 horas", punto: "Plaza de Armas de Cusco", scene: "hills", highlights: ["el mercado de Pisac", "la fortaleza de Ollantaytambo", "el almuerzo buffet en Urubamba"] },
      { nombre: "Montaña de Siete Colores", hotel: "Hotel Costa del Sol", precio: 50, duracion: "12 horas", punto: "Recojo en su hotel a las 4:00", scene: "snow", highlights: ["la caminata a 5.000 metros", "los colores minerales de Vinicunca", "las llamas y alpacas del camino"] },
    ],
  },
  Lima: {
    scene: "sea",
    destacado: false,
    tours: [
      { nombre: "Lima colonial y catacumbas", hotel: "Hotel Country Club Lima", precio: 32, duracion: "3 horas", punto: "Plaza Mayor de Lima", scene: "city", highlights: ["el Convento de San Francisco", "las catacumbas", "los balcones de madera del centro"] },
      { nombre: "Ruta gastronómica por Barranco", hotel: "Hotel B", precio: 78, duracion: "4 horas", punto: "Puente de los Suspiros", scene: "sea", highlights: ["un ceviche en cebichería tradicional", "el pisco sour", "el malecón al atardecer"] },
    ],
  },
  Arequipa: {
    scene: "snow",
    destacado: false,
    tours: [
      { nombre: "Cañón del Colca", hotel: "Casa Andina Arequipa", precio: 90, duracion: "2 días", punto: "Plaza de Armas de Arequipa", scene: "hills", highlights: ["el vuelo de los cóndores", "los baños termales de Chivay", "las terrazas preincas"] },
      { nombre: "Monasterio de Santa Catalina", hotel: "Hotel Libertador Arequipa", precio: 28, duracion: "2 horas", punto: "Calle Santa Catalina 301", scene: "city", highlights: ["la ciudadela de colores", "la historia de las monjas de clausura", "la vista al volcán Misti"] },
    ],
  },
  Madrid: {
    scene: "city",
    destacado: true,
    tours: [
      { nombre: "Museo del Prado con guía experto", hotel: "Hotel Villa Real", precio: 59, duracion: "2,5 horas", punto: "Puerta de Goya del Museo del Prado", scene: "city", highlights: ["Las Meninas de Velázquez", "las pinturas negras de Goya", "El jardín de las delicias de El Bosco"] },
      { nombre: "Madrid de los Austrias y tapas", hotel: "Hotel Catalonia Plaza Mayor", precio: 48, duracion: "3 horas", punto: "Plaza Mayor, bajo la estatua de Felipe III", scene: "city", highlights: ["el Mercado de San Miguel", "las tabernas de la Cava Baja", "el Palacio Real por fuera"] },
      { nombre: "Toledo y Segovia en un día", hotel: "Hotel Regina", precio: 95, duracion: "11 horas", punto: "Plaza de Oriente", scene: "hills", highlights: ["la catedral de Toledo", "el acueducto de Segovia", "el alcázar"] },
    ],
  },
  Barcelona: {
    scene: "sea",
    destacado: true,
    tours: [
      { nombre: "Sagrada Familia sin colas", hotel: "Hotel Casa Fuster", precio: 69, duracion: "1,5 horas", punto: "Calle de la Marina, frente a la fachada del Nacimiento", scene: "city", highlights: ["el interior de la basílica", "las fachadas de Gaudí", "la entrada prioritaria"] },
      { nombre: "Barrio Gótico y El Born", hotel: "Hotel Neri", precio: 25, duracion: "2 horas", punto: "Plaza de Catalunya, junto a la fuente", scene: "city", highlights: ["la catedral de Barcelona", "la plaza del Rey", "Santa María del Mar"] },
      { nombre: "Montserrat y cata de vinos", hotel: "Hotel Arts Barcelona", precio: 99, duracion: "8 horas", punto: "Plaza de Catalunya", scene: "hills", highlights: ["el monasterio de Montserrat", "la Moreneta", "una bodega del Penedès"] },
    ],
  },
  Sevilla: {
    scene: "desert",
    destacado: false,
    tours: [
      { nombre: "Alcázar y Catedral de Sevilla", hotel: "Hotel Alfonso XIII", precio: 55, duracion: "3 horas", punto: "Puerta del León del Real Alcázar", scene: "city", highlights: ["los jardines del Alcázar", "la Giralda", "la tumba de Colón"] },
      { nombre: "Espectáculo de flamenco en Triana", hotel: "Hotel Casa 1800", precio: 42, duracion: "1,5 horas", punto: "Puente de Isabel II", scene: "city", highlights: ["un tablao flamenco en Triana", "el baile en directo", "una bebida incluida"] },
    ],
  },
  "Buenos Aires": {
    scene: "city",
    destacado: true,
    tours: [
      { nombre: "San Telmo, La Boca y Caminito", hotel: "Alvear Palace Hotel", precio: 40, duracion: "4 horas", punto: "Plaza de Mayo, frente a la Casa Rosada", scene: "city", highlights: ["los conventillos de colores de Caminito", "la feria de San Telmo", "la Bombonera por fuera"] },
      { nombre: "Cena show de tango", hotel: "Hotel Madero", precio: 95, duracion: "4 horas", punto: "Recojo en su hotel", scene: "city", highlights: ["una clase de tango", "la cena con vino malbec", "el espectáculo de tango"] },
      { nombre: "Delta del Tigre en lancha", hotel: "Hotel Faena", precio: 65, duracion: "6 horas", punto: "Estación Retiro", scene: "sea", highlights: ["los canales del delta", "el Puerto de Frutos", "el Tren de la Costa"] },
    ],
  },
  Mendoza: {
    scene: "hills",
    destacado: false,
    tours: [
      { nombre: "Bodegas de Luján de Cuyo", hotel: "Park Hyatt Mendoza", precio: 85, duracion: "6 horas", punto: "Plaza Independencia", scene: "hills", highlights: ["tres bodegas de malbec", "la cata guiada", "el almuerzo de pasos"] },
      { nombre: "Alta montaña y Aconcagua", hotel: "Hotel Diplomatic", precio: 75, duracion: "12 horas", punto: "Recojo en su hotel", scene: "snow", highlights: ["el mirador del Aconcagua", "el Puente del Inca", "el embalse de Potrerillos"] },
    ],
  },
  Bariloche: {
    scene: "snow",
    destacado: false,
    tours: [
      { nombre: "Circuito Chico y Cerro Campanario", hotel: "Llao Llao Hotel", precio: 45, duracion: "4 horas", punto: "Centro Cívico de Bariloche", scene: "snow", highlights: ["la aerosilla del Cerro Campanario", "el lago Nahuel Huapi", "la península Llao Llao"] },
      { nombre: "Isla Victoria y Bosque de Arrayanes", hotel: "Hotel Edelweiss", precio: 80, duracion: "7 horas", punto: "Puerto Pañuelo", scene: "sea", highlights: ["la navegación por el lago", "el bosque de arrayanes", "la isla Victoria"] },
    ],
  },
  Tokio: {
    scene: "city",
    destacado: true,
    tours: [
      { nombre: "Asakusa, Senso-ji y el río Sumida", hotel: "Hotel Gracery Shinjuku", precio: 55, duracion: "4 horas", punto: "Puerta Kaminarimon de Asakusa", scene: "city", highlights: ["el templo Senso-ji", "la calle Nakamise", "el crucero por el río Sumida"] },
      { nombre: "Monte Fuji y lago Kawaguchi", hotel: "Park Hotel Tokyo", precio: 130, duracion: "Día completo", punto: "Estación de Shinjuku, salida oeste", scene: "snow", highlights: ["la quinta estación del Fuji", "el lago Kawaguchi", "la pagoda Chureito"] },
      { nombre: "Shibuya y Harajuku de noche", hotel: "Hotel Niwa Tokyo", precio: 40, duracion: "3 horas", punto: "Estatua de Hachiko, Shibuya", scene: "city", highlights: ["el cruce de Shibuya", "la calle Takeshita", "un izakaya local"] },
    ],
  },
  Kioto: {
    scene: "hills",
    destacado: false,
    tours: [
      { nombre: "Fushimi Inari y Kiyomizu-dera", hotel: "Hotel Granvia Kyoto", precio: 60, duracion: "5 horas", punto: "Estación de Kioto, torre de Kioto", scene: "hills", highlights: ["los miles de toriis de Fushimi Inari", "el templo Kiyomizu-dera", "el barrio de Higashiyama"] },
      { nombre: "Arashiyama y bosque de bambú", hotel: "Hotel The Mitsui Kyoto", precio: 58, duracion: "5 horas", punto: "Estación de Saga-Arashiyama", scene: "hills", highlights: ["el bosque de bambú", "el templo Tenryu-ji", "el puente Togetsukyo"] },
      { nombre: "Ceremonia del té en Gion", hotel: "Hotel Kanra Kyoto", precio: 45, duracion: "1,5 horas", punto: "Calle Hanamikoji, Gion", scene: "city", highlights: ["la ceremonia del té con una maestra", "el barrio de las geishas", "los dulces wagashi"] },
    ],
  },
  Osaka: {
    scene: "city",
    destacado: false,
    tours: [
      { nombre: "Dotonbori y comida callejera", hotel: "Hotel Cross Osaka", precio: 50, duracion: "3 horas", punto: "Puente Ebisubashi, Dotonbori", scene: "city", highlights: ["el takoyaki recién hecho", "el okonomiyaki", "los letreros luminosos de Dotonbori"] },
      { nombre: "Castillo de Osaka y Nara", hotel: "Hotel Nikko Osaka", precio: 85, duracion: "8 horas", punto: "Estación de Osaka, salida central", scene: "hills", highlights: ["el castillo de Osaka", "los ciervos del parque de Nara", "el gran Buda del Todai-ji"] },
    ],
  },
};

export const COMMENTS: Array<{ start: number; text: string }> = [
  { start: 5, text: "Una experiencia increíble, el guía conocía cada rincón y fue muy puntual." },
  { start: 5, text: "Lo mejor de nuestro viaje. Muy bien organizado y con grupos pequeños." },
  { start: 4, text: "Muy recomendable, aunque el recorrido se hizo un poco largo al final." },
  { start: 4, text: "Buena relación calidad-precio. El punto de encuentro fue fácil de encontrar." },
  { start: 5, text: "Volvería sin dudarlo. Los niños lo disfrutaron muchísimo." },
  { start: 3, text: "Bonito lugar, pero había demasiada gente. Mejor ir temprano." },
  { start: 5, text: "El guía explicó la historia con mucha pasión. ¡Gracias!" },
  { start: 4, text: "Todo según lo prometido. La comida incluida estaba deliciosa." },
  { start: 2, text: "El transporte llegó tarde y perdimos parte de la visita." },
  { start: 5, text: "Paisajes espectaculares y una organización impecable." },
];

export const COMMENT_EMAILS = [
  "maria.gonzalez@gmail.com",
  "jperez@hotmail.com",
  "lucia.ramirez@yahoo.es",
  "carlos.martin@outlook.com",
  "ana.torres@gmail.com",
  "diego.fernandez@icloud.com",
  "sofia.lopez@gmail.com",
  "andres.castro@hotmail.com",
];

/** A demo tour's facts (issue 26): minutes, languages, wheelchair access, modalidad, minimum age, meeting point. */
export interface DemoFacts {
  minutos: number;
  idiomas: string[];
  accesible: "si" | "no" | "parcial";
  modalidad: "grupo" | "privado";
  edad: number;
  /** [latitude, longitude] of the meeting point (the hotel when the tour picks travellers up there). */
  punto: [number, number];
}

const ES_EN = ["es", "en"];

/** Every demo tour's facts, by its name. */
export const DEMO_FACTS: Record<string, DemoFacts> = {
  "La Candelaria y el Museo del Oro": { minutos: 240, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [4.5981, -74.076] },
  "Monserrate al atardecer": { minutos: 180, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [4.6056, -74.0557] },
  "Catedral de Sal de Zipaquirá": { minutos: 540, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [4.7003, -74.0425] },
  "Comuna 13: grafiti y transformación": { minutos: 240, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 6, punto: [6.2566, -75.6134] },
  "Guatapé y la Piedra del Peñol": { minutos: 600, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 5, punto: [6.2087, -75.5675] },
  "Ciudad amurallada y Getsemaní": { minutos: 180, idiomas: ["es", "en", "fr"], accesible: "si", modalidad: "grupo", edad: 0, punto: [10.4229, -75.5491] },
  "Islas del Rosario en lancha": { minutos: 540, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 4, punto: [10.4215, -75.548] },
  "Castillo de San Felipe de Barajas": { minutos: 120, idiomas: ES_EN, accesible: "parcial", modalidad: "privado", edad: 0, punto: [10.4225, -75.5392] },
  "Teotihuacán al amanecer": { minutos: 480, idiomas: ["es", "en", "fr"], accesible: "no", modalidad: "grupo", edad: 8, punto: [19.4361, -99.1546] },
  "Xochimilco y Coyoacán": { minutos: 360, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [19.427, -99.1677] },
  "Centro Histórico y murales de Diego Rivera": { minutos: 240, idiomas: ["es", "en", "de"], accesible: "si", modalidad: "grupo", edad: 0, punto: [19.4326, -99.1332] },
  "Chichén Itzá y cenote Ik Kil": { minutos: 720, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 5, punto: [21.1372, -86.7466] },
  "Isla Mujeres en catamarán": { minutos: 420, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 3, punto: [21.1365, -86.744] },
  "Monte Albán y talleres de alebrijes": { minutos: 360, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [17.0657, -96.7233] },
  "Hierve el Agua y ruta del mezcal": { minutos: 540, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 18, punto: [17.0606, -96.7253] },
  "Machu Picchu en tren": { minutos: 900, idiomas: ["es", "en", "pt"], accesible: "no", modalidad: "grupo", edad: 0, punto: [-13.4956, -72.038] },
  "Valle Sagrado de los Incas": { minutos: 600, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [-13.5167, -71.9787] },
  "Montaña de Siete Colores": { minutos: 720, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 12, punto: [-13.5175, -71.9795] },
  "Lima colonial y catacumbas": { minutos: 180, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [-12.0464, -77.0301] },
  "Ruta gastronómica por Barranco": { minutos: 240, idiomas: ES_EN, accesible: "parcial", modalidad: "privado", edad: 12, punto: [-12.1497, -77.0222] },
  "Cañón del Colca": { minutos: 2160, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 6, punto: [-16.3988, -71.5369] },
  "Monasterio de Santa Catalina": { minutos: 120, idiomas: ["es", "en", "fr"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [-16.3955, -71.5367] },
  "Museo del Prado con guía experto": { minutos: 150, idiomas: ["es", "en", "it"], accesible: "si", modalidad: "grupo", edad: 0, punto: [40.4138, -3.6921] },
  "Madrid de los Austrias y tapas": { minutos: 180, idiomas: ES_EN, accesible: "si", modalidad: "grupo", edad: 18, punto: [40.4155, -3.7074] },
  "Toledo y Segovia en un día": { minutos: 660, idiomas: ["es", "en", "pt"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [40.4184, -3.7124] },
  "Sagrada Familia sin colas": { minutos: 90, idiomas: ["es", "en", "fr", "de"], accesible: "si", modalidad: "grupo", edad: 0, punto: [41.4041, 2.1753] },
  "Barrio Gótico y El Born": { minutos: 120, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [41.387, 2.17] },
  "Montserrat y cata de vinos": { minutos: 480, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 18, punto: [41.3874, 2.1686] },
  "Alcázar y Catedral de Sevilla": { minutos: 180, idiomas: ["es", "en", "fr"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [37.3843, -5.9925] },
  "Espectáculo de flamenco en Triana": { minutos: 90, idiomas: ["es"], accesible: "si", modalidad: "grupo", edad: 6, punto: [37.3857, -6.0031] },
  "San Telmo, La Boca y Caminito": { minutos: 240, idiomas: ["es", "en", "pt"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [-34.6081, -58.3703] },
  "Cena show de tango": { minutos: 240, idiomas: ["es", "en", "pt"], accesible: "si", modalidad: "grupo", edad: 12, punto: [-34.6092, -58.3631] },
  "Delta del Tigre en lancha": { minutos: 360, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 0, punto: [-34.5906, -58.3747] },
  "Bodegas de Luján de Cuyo": { minutos: 360, idiomas: ["es", "en", "pt"], accesible: "parcial", modalidad: "grupo", edad: 18, punto: [-32.8895, -68.8446] },
  "Alta montaña y Aconcagua": { minutos: 720, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 6, punto: [-32.8932, -68.8414] },
  "Circuito Chico y Cerro Campanario": { minutos: 240, idiomas: ["es", "en", "pt"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [-41.1335, -71.3103] },
  "Isla Victoria y Bosque de Arrayanes": { minutos: 420, idiomas: ES_EN, accesible: "no", modalidad: "grupo", edad: 0, punto: [-41.0574, -71.5352] },
  "Asakusa, Senso-ji y el río Sumida": { minutos: 240, idiomas: ["es", "en", "ja"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [35.7111, 139.7963] },
  "Monte Fuji y lago Kawaguchi": { minutos: 600, idiomas: ["es", "en", "ja"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [35.6896, 139.6995] },
  "Shibuya y Harajuku de noche": { minutos: 180, idiomas: ["es", "en"], accesible: "si", modalidad: "privado", edad: 0, punto: [35.659, 139.7006] },
  "Fushimi Inari y Kiyomizu-dera": { minutos: 300, idiomas: ["es", "en", "ja"], accesible: "no", modalidad: "grupo", edad: 0, punto: [34.9875, 135.7593] },
  "Arashiyama y bosque de bambú": { minutos: 300, idiomas: ES_EN, accesible: "parcial", modalidad: "grupo", edad: 0, punto: [35.0181, 135.6813] },
  "Ceremonia del té en Gion": { minutos: 90, idiomas: ["es", "en", "ja"], accesible: "no", modalidad: "privado", edad: 6, punto: [35.0036, 135.7752] },
  "Dotonbori y comida callejera": { minutos: 180, idiomas: ES_EN, accesible: "si", modalidad: "grupo", edad: 0, punto: [34.6687, 135.5013] },
  "Castillo de Osaka y Nara": { minutos: 480, idiomas: ["es", "en", "ja"], accesible: "parcial", modalidad: "grupo", edad: 0, punto: [34.7025, 135.4959] },
};
