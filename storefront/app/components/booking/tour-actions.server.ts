import { ComentarioCreateBody, ListaEsperaBody } from "@tours/contract";
import { MSG, formatDia, isValidDate, departuresForDate } from "@tours/domain";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import { api, logLoadFailure } from "~/lib/api.server";
import { addLine, commitCart, getCart } from "~/lib/cart.server";
import { todayInBusinessTz } from "~/lib/time.server";
import type { CommentResult } from "./Comments";
import type { WaitlistResult } from "./WaitlistForm";
import { calendarQuery } from "./calendar-state";
import { answerWithMessage, anyBlank, apiFieldErrors, formValues, issuesToFieldErrors, postedWithJs, type FieldErrors } from "./forms.server";

const DEPARTURE_GONE = "Ese horario ya no está disponible, elige otro";
const DEPARTURE_SOLD_OUT = "Esa salida se agotó, elige otro horario u otra fecha";
const ADD_FAILED = "No fue posible agregar el tour al carrito, intenta de nuevo";

/**
 * The confirmation step's POST: checks again that the departure can be booked (the page may be old), then adds the
 * tour to the cart cookie with every count at 0 and goes to /shop ('El tour fue agregado al carrito'), or back
 * to the calendar with the reason ('Ya existe este tour en tu carrito').
 */
export async function addToCartAction(request: Request, tourId: number, form: FormData) {
  const { fecha, hora } = formValues(form, ["fecha", "hora"] as const);
  const page = `/actividades/detalle/local/${tourId}`;
  const back = `${page}${calendarQuery({ mes: isValidDate(fecha) ? fecha.slice(0, 7) : null, fecha: isValidDate(fecha) ? fecha : null })}`;
  if (!isValidDate(fecha)) return redirectWithError(page, DEPARTURE_GONE);

  let tour, horarios, availability;
  try {
    [tour, horarios, availability] = await Promise.all([
      api().tour.find(tourId).then((a) => a.succes[0]),
      api().tour.horarioFind(tourId).then((a) => a.succes),
      api()
        .tour.disponibilidad(tourId, fecha.slice(0, 7))
        .then((a) => a.succes)
        .catch((error: unknown) => {
          // the checkout checks the places again: without availability the schedule decides here
          logLoadFailure(`la disponibilidad del tour ${tourId} para el carrito`, error);
          return null;
        }),
    ]);
  } catch (error) {
    logLoadFailure(`el tour ${tourId} para el carrito`, error);
    return redirectWithError(back, ADD_FAILED);
  }
  if (!tour) throw new Response("Tour no encontrado", { status: 404 });
  const departure = availability?.dias.find((d) => d.fecha === fecha)?.salidas.find((s) => s.hora === hora);
  const open = availability
    ? departure?.reservable === true
    : departuresForDate(fecha, horarios, todayInBusinessTz(new Date())).includes(hora);
  if (!open) {
    return redirectWithError(back, departure?.estado === "agotada" ? DEPARTURE_SOLD_OUT : DEPARTURE_GONE);
  }

  const items = await getCart(request);
  const result = addLine(items, {
    tour_id: tour.id,
    nombre: tour.nombre,
    dia: formatDia(fecha, hora),
    precio: tour.precio,
    imagen: tour.imagen ?? null,
  });
  if (!result.ok) return redirectWithError(back, result.message);
  return redirectWithSuccess("/shop", result.message, { headers: { "Set-Cookie": await commitCart(request, result.items) } });
}

const COMMENT_FIELDS = ["email", "comentario", "start"] as const;

/** The comment form: all three fields or 'Para generar un comentario diligencie el formulario completo...'. */
export async function commentAction(tourId: number, form: FormData) {
  const withJs = postedWithJs(form);
  const values: Record<string, string> = formValues(form, COMMENT_FIELDS);
  const fail = (errors: FieldErrors, message: string) =>
    answerWithMessage<CommentResult>({ intent: "comment", ok: false, values, errors }, { message, type: "error" }, withJs);

  if (anyBlank(values, COMMENT_FIELDS)) {
    const errors = Object.fromEntries(COMMENT_FIELDS.filter((n) => !values[n]).map((n) => [n, "Campo obligatorio"]));
    return fail(errors, MSG.comentarioIncompleto);
  }
  const parsed = ComentarioCreateBody.safeParse({ ...values, id_tour: tourId });
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    return fail(errors, Object.values(errors)[0] ?? MSG.errorComentario);
  }
  try {
    await api().tour.comentar(parsed.data);
  } catch (error) {
    logLoadFailure(`el comentario del tour ${tourId}`, error);
    return fail({}, MSG.errorComentario);
  }
  return answerWithMessage<CommentResult>(
    { intent: "comment", ok: true, sentAt: Date.now() },
    { message: MSG.comentarioRegistrado, type: "success" },
    withJs,
  );
}

const WAITLIST_FIELDS = ["email", "salida", "mayores_15", "de_4_15", "menores_3"] as const;
const WAITLIST_FAILED = "No pudimos anotarte en la lista de espera. Inténtalo de nuevo en unos minutos.";

/**
 * "Avísame si se libera un lugar" (issue 24): the address and the persons go to the API's waiting list for the chosen
 * departure; its Spanish answer (the confirmation, "todavía tiene lugares", the limit) is the form's message.
 */
export async function waitlistAction(tourId: number, form: FormData) {
  const withJs = postedWithJs(form);
  const values = formValues(form, WAITLIST_FIELDS);
  const fail = (errors: FieldErrors, message: string) =>
    answerWithMessage<WaitlistResult>({ intent: "waitlist", ok: false, values, errors }, { message, type: "error" }, withJs);
  if (!values.email) return fail({ email: "Campo obligatorio" }, "Escribe tu email para avisarte.");
  // "YYYY-MM-DD HH:MM": one of the month's sold-out departures
  const [fecha = "", hora = ""] = values.salida.split(" ");
  if (!isValidDate(fecha) || !/^\d{2}:\d{2}$/.test(hora)) return fail({}, DEPARTURE_GONE);
  const count = (v: string) => (v === "" ? 0 : Number(v));
  const body = {
    tour_id: tourId,
    dia: formatDia(fecha, hora),
    email: values.email,
    mayores_15: count(values.mayores_15),
    de_4_15: count(values.de_4_15),
    menores_3: count(values.menores_3),
    mascotas: 0,
  };
  const parsed = ListaEsperaBody.safeParse(body);
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    return fail(errors, Object.values(errors)[0] ?? WAITLIST_FAILED);
  }
  try {
    const answer = await api().listaEspera.unirse(parsed.data);
    return answerWithMessage<WaitlistResult>({ intent: "waitlist", ok: true, sentAt: Date.now() }, { message: answer.succes.mensaje, type: "success" }, withJs);
  } catch (error) {
    const { fields, messages } = apiFieldErrors(error);
    const message = messages[0] ?? Object.values(fields)[0];
    if (!message) logLoadFailure(`la lista de espera del tour ${tourId}`, error);
    return fail(fields, message ?? WAITLIST_FAILED);
  }
}
