/**
 * The Spanish messages of product-spec §5 and §8, verbatim — spelling, missing accents, double spaces and
 * trailing spaces included (they are what the existing clients show). One source for every UI; never
 * retype one of these strings elsewhere.
 */
export const MSG = {
  // §5 Validation rules
  /** Comment form: email, text and rating all required. */
  comentarioIncompleto: "Para generar un comentario diligencie el formulario completo...",
  /** Rewards and help forms: all fields required (trailing space is part of the message). */
  camposObligatorios: "Se deben diligenciar todos los campos ",
  /** Photo manager: more than 20 images selected. */
  maxImagenesSeleccion: "Puedes seleccionar hasta 20 imágenes.",
  /** Tour creation: more than 20 photos selected. */
  maxFotosTour: "Máximo 20 fotos seleccionadas",
  /** Photo manager: saving with no photo selected. */
  sinFotosParaGuardar: "No se ha seleccionado fotos para guardar...",
  /** Banner (and country creation) without an image. */
  imagenRequerida: "Se requiere una imagen",
  /** Adding a tour that is already in the cart. */
  tourYaEnCarrito: "Ya existe este tour en tu carrito",
  // §8 Error catalogue
  /** Tour create/delete failed without errors[].msg. */
  errorDesconocido: "Ocurrió un error desconocido.",
  /** Tour created. */
  procesoFinalizado: "Proceso finalizado...",
  /** Tour save pending. */
  guardandoInformacion: "Guardando informacion",
  /** Delete pending. */
  eliminandoItem: "Eliminando item",
  /** Delete succeeded. */
  itemEliminado: "El item se elimino con exito",
  /** Delete failed. */
  errorInesperadoSoporte: "Se genero un error inesperado contacte a soporte",
  /** Tour image delete pending. */
  eliminandoImagen: "Se esta eliminando la imagen...",
  /** Tour image deleted. */
  imagenEliminada: "Imagen eliminada",
  /** Tour image delete failed. */
  errorContacteASoporte: "Se genero un error contacte a soporte",
  /** Tour image delete failed unexpectedly. */
  errorEliminarImagen: "Error inesperado al eliminar imagen, contacte con soporte",
  /** Tour image save pending. */
  guardandoImagen: "Guardando imagen",
  /** Tour image saved (sic: "Almacenda"). */
  imagenAlmacenada: "Imagen Almacenda con exito",
  /** Tour image save failed. */
  errorContacteConSoporte: "Se genero un error contacte con soporte",
  /** Horario created. */
  horarioCreado: "Horario creado",
  /** Horario deleted. */
  horarioEliminado: "Horario eliminado",
  /** Horario delete failed. */
  errorAlEliminar: "Error al eliminar",
  /** Horario create failed without messages (two spaces, sic). */
  errorCrearHorario: "Error desconocido  al crear horario",
  /** Country/city: unexpected server error. */
  errorServidor: "Error inesperado en el servidor",
  /** Country/city delete failed. */
  errorEliminarItem: "Error generado al eliminar el item",
  /** Country/city creation failed. */
  errorCrearRegistro: "Se genero un error inesperado, contacte con soporte",
  /** Country created. */
  paisCreado: "Pais creado con exito",
  /** Country updated. */
  paisActualizado: "Pais actualizado con exito",
  /** Country deleted. */
  paisEliminado: "Pais eliminado con exito...",
  /** Country/city image replaced. */
  imagenActualizada: "Imagen actualizada con exito",
  /** City created (sic: "creado"). */
  ciudadCreada: "Ciudad creado con exito",
  /** City updated (sic: "actualizado"). */
  ciudadActualizada: "Ciudad actualizado con exito",
  /** City deleted (sic: "eliminado"). */
  ciudadEliminada: "Ciudad eliminado con exito...",
  /** Order creation failed. */
  errorCrearPedido: "Se genero un error al crear el pedido",
  /** Order creation pending (sic: "porfavor"). */
  creandoPedido: "Creando el pedido espere porfavor...",
  /** Order created; the buyer goes to pay. */
  pedidoCreado: "Pedido creado correctamente, sera redireccionado para realizar el pago",
  /** Order created but no payment link could be opened (sic: no space after the comma). */
  sinEnlaceDePago: "No fue posible redireccionar para el pago,verifique que tenga habilitadas las ventanas emergentes",
  /** Comment not saved. */
  errorComentario: "No se pudo registrar el comentario",
  /** Comment saved. */
  comentarioRegistrado: "Se registro el comentario de forma correcta",
  /** Rewards/help request failed. */
  errorSolicitud: "Se genero un error al solicitar la informacion",
  /** Rewards/help request saved. */
  informacionRegistrada: "Informacion registrada con exito",
  /** Banner load failed (trailing space). */
  errorConsultarBanner: "Error generado al consultar el banner ",
  /** Banner delete failed (trailing space). */
  errorEliminarBanner: "Se genero un error eliminando el banner ",
  /** Banner save failed (sic: "inseperado"; trailing space). */
  errorGuardarBanner: "Se genero un error inseperado al momento de guardar la imagen ",
  /** Banner saved (sic: "aguardo"; trailing space). */
  bannerGuardado: "Se aguardo correctamente el archivo ",
  /** Tour added to the cart. */
  tourAgregado: "El tour fue agregado al carrito",
  /** Payment return page: order confirmed. */
  pedidoRegistrado: "Pedido registrado de forma correcta",
  /** Payment return page: order could not be confirmed. */
  pedidoNoConfirmado: "No se pudo confirmar el pedido de forma correcta",
  /** Loading text. */
  cargandoInformacion: "Cargando informacion...",
  /** Loading text. */
  cargandoApi: "Cargando la informacion de la api",
} as const;


/** Fixed UI labels that product-spec §2 quotes. */
export const LABELS = {
  /** Panel layout while the token is checked. */
  validandoInformacion: "Validando informacion...",
  /** Tour admin loading text (no dots, unlike MSG.cargandoInformacion). */
  cargandoInformacionPanel: "Cargando informacion",
  /** Tour form submit on create. */
  crearTour: "Crear Tour",
  /** Tour form submit on edit. */
  guardarCambios: "Guardar cambios",
  /** Order line link in the order detail. */
  verTour: "ver tour",
  /** Fixed role shown on the users placeholder. */
  rolAdmin: "Admin",
  /** Tour admin toggle. */
  nuevoTour: "Nuevo tour",
  /** Tour admin toggle. */
  verLista: "Ver lista",
  /** Order paid. */
  pago: "Pago",
  /** Order unpaid. */
  sinPago: "Sin pago",
  /** Link to /login. */
  miCuenta: "Mi cuenta",
  /** Link to /rewards. */
  puzzleRewards: "Puzzle Rewards",
  /** Search panel title. */
  topDestinos: "Top destinos",
  /** Home section title. */
  principalesExperiencias: "Principales Experiencias",
  /** Checkout button, followed by the total. */
  irAPagar: "Ir a pagar",
  /** Price prefix on local tours ("Desde USD 120.00"). */
  desde: "Desde",
} as const;
