import { z } from "zod";

/**
 * OCTO core (docs.octo.travel, @octocloud/types): the requests we accept and the answers we give, as zod schemas.
 * The answers' schemas are what the contract tests parse every answer with; fields the pricing capability adds
 * are optional here and present only when the reseller asks for `octo/pricing`.
 */

export const OCTO_ERROR = {
  INVALID_PRODUCT_ID: "INVALID_PRODUCT_ID",
  INVALID_OPTION_ID: "INVALID_OPTION_ID",
  INVALID_UNIT_ID: "INVALID_UNIT_ID",
  INVALID_AVAILABILITY_ID: "INVALID_AVAILABILITY_ID",
  INVALID_BOOKING_UUID: "INVALID_BOOKING_UUID",
  BAD_REQUEST: "BAD_REQUEST",
  UNPROCESSABLE_ENTITY: "UNPROCESSABLE_ENTITY",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
} as const;
export type OctoErrorCode = keyof typeof OCTO_ERROR;

export const OctoErrorAnswer = z.object({
  error: z.enum(Object.keys(OCTO_ERROR) as [OctoErrorCode, ...OctoErrorCode[]]),
  errorMessage: z.string(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  unitId: z.string().optional(),
  availabilityId: z.string().optional(),
  uuid: z.string().optional(),
});

// ---- requests ----
const UnitQuantity = z.object({ id: z.string().min(1), quantity: z.number().int().min(0).max(500) });
const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const CalendarBody = z.object({
  productId: z.string().min(1),
  optionId: z.string().min(1),
  localDateStart: LocalDate,
  localDateEnd: LocalDate,
  units: z.array(UnitQuantity).max(20).optional(),
});

export const AvailabilityBody = z
  .object({
    productId: z.string().min(1),
    optionId: z.string().min(1),
    localDate: LocalDate.optional(),
    localDateStart: LocalDate.optional(),
    localDateEnd: LocalDate.optional(),
    availabilityIds: z.array(z.string().min(1).max(100)).max(100).optional(),
    units: z.array(UnitQuantity).max(20).optional(),
  })
  .refine((b) => [b.localDate, b.localDateStart || b.localDateEnd, b.availabilityIds?.length].filter(Boolean).length === 1, {
    message: "Indique localDate, o localDateStart y localDateEnd, o availabilityIds (solo una de las tres formas)",
  })
  .refine((b) => !(b.localDateStart || b.localDateEnd) || (b.localDateStart && b.localDateEnd), {
    message: "Indique localDateStart y localDateEnd juntos",
  });

export const WebhookBody = z.object({
  url: z.string().trim().min(1, "Indique la URL del webhook").max(2000),
  event: z.string().min(1),
  retryOnError: z.boolean().optional(),
  useContactLanguage: z.boolean().optional(),
});

export const ContactBody = z
  .object({
    fullName: z.string().max(200).nullish(),
    firstName: z.string().max(100).nullish(),
    lastName: z.string().max(100).nullish(),
    emailAddress: z.string().max(200).nullish(),
    phoneNumber: z.string().max(50).nullish(),
    locales: z.array(z.string()).nullish(),
    postalCode: z.string().nullish(),
    country: z.string().nullish(),
    notes: z.string().max(2000).nullish(),
  })
  .partial();

const UnitItemBody = z.object({
  uuid: z.string().max(100).nullish(),
  unitId: z.string().min(1),
  resellerReference: z.string().max(100).nullish(),
  contact: ContactBody.nullish(),
});

/** Reseller's hold length; longer than its reseller's cap is cut to the cap (OCTO: "up to an internal limit"). */
const ExpirationMinutes = z.number().int().min(1).max(527_040);

export const BookingBody = z.object({
  /** OCTO makes it optional: without one we make one. With one it is the idempotency key. */
  uuid: z.string().min(1).max(100).nullish(),
  productId: z.string().min(1),
  optionId: z.string().min(1),
  availabilityId: z.string().min(1).max(100),
  expirationMinutes: ExpirationMinutes.nullish(),
  notes: z.string().max(2000).nullish(),
  resellerReference: z.string().max(100).nullish(),
  /** Missing or empty: a well-formed request that cannot be booked (UNPROCESSABLE_ENTITY, as the validator expects). */
  unitItems: z.array(UnitItemBody).max(200).nullish(),
  contact: ContactBody.nullish(),
  currency: z.string().nullish(),
});

export const ConfirmBody = z.object({
  resellerReference: z.string().max(100).nullish(),
  contact: ContactBody.nullish(),
  notes: z.string().max(2000).nullish(),
  /** The travellers as finally confirmed: replace the held ones (their places are checked again). */
  unitItems: z.array(UnitItemBody).min(1).max(200).nullish(),
  emailReceipt: z.boolean().nullish(),
});

/** Anything of a booking OCTO lets a reseller change; a new departure, units or product moves it (0009). */
export const PatchBody = z.object({
  resellerReference: z.string().max(100).nullish(),
  contact: ContactBody.nullish(),
  notes: z.string().max(2000).nullish(),
  productId: z.string().min(1).nullish(),
  optionId: z.string().min(1).nullish(),
  availabilityId: z.string().min(1).max(100).nullish(),
  unitItems: z.array(UnitItemBody).min(1).max(200).nullish(),
  expirationMinutes: ExpirationMinutes.nullish(),
  emailReceipt: z.boolean().nullish(),
});

export const ExtendBody = z.object({ expirationMinutes: ExpirationMinutes.nullish() });
export const CancelBody = z.object({ reason: z.string().max(500).nullish(), force: z.boolean().nullish() });

export const BookingsQuery = z.object({
  resellerReference: z.string().max(100).optional(),
  supplierReference: z.string().max(100).optional(),
  localDate: LocalDate.optional(),
  localDateStart: LocalDate.optional(),
  localDateEnd: LocalDate.optional(),
});

// ---- answers ----
export const Pricing = z.object({
  original: z.number().int(),
  retail: z.number().int(),
  net: z.number().int().nullable(),
  currency: z.string().length(3),
  currencyPrecision: z.number().int(),
  includedTaxes: z.array(z.object({ name: z.string(), retail: z.number().int(), original: z.number().int(), net: z.number().int().nullable() })),
});
export const UnitPricing = Pricing.extend({ unitId: z.string() });

const UnitType = z.enum(["ADULT", "YOUTH", "CHILD", "INFANT", "FAMILY", "SENIOR", "STUDENT", "MILITARY", "OTHER"]);

export const OctoUnit = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: z.string().nullable(),
  type: UnitType,
  requiredContactFields: z.array(z.string()),
  restrictions: z.object({
    minAge: z.number().int(),
    maxAge: z.number().int(),
    idRequired: z.boolean(),
    minQuantity: z.number().int().nullable(),
    maxQuantity: z.number().int().nullable(),
    paxCount: z.number().int(),
    accompaniedBy: z.array(z.string()),
  }),
  pricingFrom: z.array(Pricing).optional(),
});

export const OctoOption = z.object({
  id: z.string(),
  default: z.boolean(),
  internalName: z.string(),
  reference: z.string().nullable(),
  availabilityLocalStartTimes: z.array(z.string().regex(/^\d{2}:\d{2}$/)),
  cancellationCutoff: z.string(),
  cancellationCutoffAmount: z.number().int(),
  cancellationCutoffUnit: z.enum(["hour", "minute", "day"]),
  requiredContactFields: z.array(z.string()),
  restrictions: z.object({ minUnits: z.number().int(), maxUnits: z.number().int().nullable() }),
  units: z.array(OctoUnit),
  pricingFrom: z.array(Pricing).optional(),
});

export const OctoProduct = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: z.string().nullable(),
  locale: z.string(),
  timeZone: z.string(),
  allowFreesale: z.boolean(),
  instantConfirmation: z.boolean(),
  instantDelivery: z.boolean(),
  availabilityRequired: z.boolean(),
  availabilityType: z.enum(["START_TIME", "OPENING_HOURS"]),
  deliveryFormats: z.array(z.enum(["PDF_URL", "QRCODE", "CODE128", "PKPASS_URL", "AZTECCODE"])),
  deliveryMethods: z.array(z.enum(["VOUCHER", "TICKET"])),
  redemptionMethod: z.enum(["DIGITAL", "PRINT", "MANIFEST"]),
  options: z.array(OctoOption),
  /** Our additions (OCTO allows extra fields): where to meet, what is and is not included. */
  meetingPoint: z.string().nullable(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  defaultCurrency: z.string().optional(),
  availableCurrencies: z.array(z.string()).optional(),
  pricingPer: z.enum(["UNIT", "BOOKING"]).optional(),
});

const AvailabilityStatus = z.enum(["AVAILABLE", "FREESALE", "SOLD_OUT", "LIMITED", "CLOSED"]);
const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

export const OctoCalendarDay = z.object({
  localDate: LocalDate,
  available: z.boolean(),
  status: AvailabilityStatus,
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  openingHours: z.array(z.object({ from: z.string(), to: z.string() })),
  unitPricingFrom: z.array(UnitPricing).optional(),
});

export const OctoAvailability = z.object({
  id: z.string(),
  localDateTimeStart: LocalDateTime,
  localDateTimeEnd: LocalDateTime,
  allDay: z.boolean(),
  available: z.boolean(),
  status: AvailabilityStatus,
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  maxUnits: z.number().int().nullable(),
  utcCutoffAt: z.iso.datetime({ precision: 0 }),
  openingHours: z.array(z.object({ from: z.string(), to: z.string() })),
  unitPricing: z.array(UnitPricing).optional(),
  pricing: Pricing.optional(),
});

export const OctoContact = z.object({
  fullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  locales: z.array(z.string()),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  notes: z.string().nullable(),
});

/** OCTO's Ticket: how a voucher is redeemed and the ways it is delivered (our voucher page and its QR code). */
export const OctoTicket = z.object({
  redemptionMethod: z.enum(["DIGITAL", "PRINT", "MANIFEST"]),
  utcRedeemedAt: z.string().nullable(),
  deliveryOptions: z.array(z.object({ deliveryFormat: z.enum(["PDF_URL", "QRCODE", "CODE128", "PKPASS_URL", "AZTECCODE"]), deliveryValue: z.string().min(1) })),
});

const BookingStatus = z.enum(["ON_HOLD", "CONFIRMED", "CANCELLED", "EXPIRED", "REDEEMED", "PENDING"]);

export const OctoUnitItem = z.object({
  uuid: z.string(),
  resellerReference: z.string().nullable(),
  supplierReference: z.string().nullable(),
  unitId: z.string(),
  unit: OctoUnit,
  status: BookingStatus,
  utcRedeemedAt: z.string().nullable(),
  contact: OctoContact,
  ticket: z.null(),
  pricing: Pricing.optional(),
});

export const OctoBooking = z.object({
  id: z.string(),
  uuid: z.string(),
  testMode: z.boolean(),
  resellerReference: z.string().nullable(),
  supplierReference: z.string().nullable(),
  status: BookingStatus,
  utcCreatedAt: z.iso.datetime(),
  utcUpdatedAt: z.iso.datetime().nullable(),
  utcExpiresAt: z.iso.datetime().nullable(),
  utcRedeemedAt: z.iso.datetime().nullable(),
  utcConfirmedAt: z.iso.datetime().nullable(),
  productId: z.string(),
  product: OctoProduct,
  optionId: z.string(),
  option: OctoOption,
  cancellable: z.boolean(),
  cancellation: z.object({ refund: z.enum(["FULL", "PARTIAL", "NONE"]), reason: z.string().nullable(), utcCancelledAt: z.iso.datetime() }).nullable(),
  freesale: z.boolean(),
  availabilityId: z.string(),
  availability: z.object({
    id: z.string(),
    localDateTimeStart: LocalDateTime,
    localDateTimeEnd: LocalDateTime,
    allDay: z.boolean(),
    openingHours: z.array(z.object({ from: z.string(), to: z.string() })),
  }),
  contact: OctoContact,
  notes: z.string().nullable(),
  deliveryMethods: z.array(z.enum(["VOUCHER", "TICKET"])),
  voucher: OctoTicket.nullable(),
  unitItems: z.array(OctoUnitItem),
  pricing: Pricing.optional(),
});

export const OctoSupplier = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  contact: z.object({ website: z.string().nullable(), email: z.string().nullable(), telephone: z.string().nullable(), address: z.string().nullable() }),
});

export type OctoProductT = z.infer<typeof OctoProduct>;
export type OctoOptionT = z.infer<typeof OctoOption>;
export type OctoUnitT = z.infer<typeof OctoUnit>;
export type OctoAvailabilityT = z.infer<typeof OctoAvailability>;
export type OctoCalendarDayT = z.infer<typeof OctoCalendarDay>;
export type OctoBookingT = z.infer<typeof OctoBooking>;
export type PricingT = z.infer<typeof Pricing>;
export type OctoTicketT = z.infer<typeof OctoTicket>;
