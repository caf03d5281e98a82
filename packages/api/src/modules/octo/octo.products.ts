import { unitPricesCents, type TravellerCounts } from "@tours/domain";
import { OCTO_MSG, OctoError } from "./octo.messages.ts";
import { OPTION_ID, pricing, product, unitsOf } from "./octo.mapping.ts";
import type { OctoRepository, ProductTour } from "./octo.repository.ts";
import type { RevendedorRow } from "./octo.table.ts";

/** Our tours as OCTO products: finding them, their option and units, and counting a request's travellers. */

export interface OctoCaller {
  reseller: RevendedorRow;
  pricing: boolean;
}

interface OctoCatalogueDeps {
  octo: OctoRepository;
  publicApiUrl: string;
  storefrontUrl: string;
  supplierName: string;
}

const emptyCounts = (): TravellerCounts => ({ mayores15: 0, menoresde15_a4: 0, menores3: 0, mascotas: 0 });

export function createOctoCatalogue(deps: OctoCatalogueDeps) {
  const { octo } = deps;

  async function productTour(productId: string): Promise<ProductTour> {
    const id = /^\d{1,9}$/.test(productId) ? Number(productId) : null;
    const [tour] = id === null ? [] : await octo.productTours(id);
    if (!tour) throw new OctoError("INVALID_PRODUCT_ID", OCTO_MSG.invalidProduct, { productId });
    return tour;
  }

  function checkOption(optionId: string) {
    if (optionId !== OPTION_ID) throw new OctoError("INVALID_OPTION_ID", OCTO_MSG.invalidOption, { optionId });
  }

  function unitOf(tour: ProductTour, unitId: string) {
    const unit = unitsOf(tour).find((x) => x.id === unitId);
    if (!unit) throw new OctoError("INVALID_UNIT_ID", OCTO_MSG.invalidUnit, { unitId });
    return unit;
  }

  /** The travellers of a booking's unit items (one item: one traveller or pet). */
  function countsOf(tour: ProductTour, unitIds: string[]): TravellerCounts {
    const counts = emptyCounts();
    for (const unitId of unitIds) counts[unitOf(tour, unitId).key] += 1;
    return counts;
  }

  /** The travellers of an availability request's `units` (quantities). */
  function countsFromQuantities(tour: ProductTour, units: Array<{ id: string; quantity: number }>): TravellerCounts {
    const counts = emptyCounts();
    for (const u of units) counts[unitOf(tour, u.id).key] += u.quantity;
    return counts;
  }

  function personsAsked(tour: ProductTour, units: Array<{ id: string; quantity: number }> | undefined): number {
    return (units ?? []).reduce((sum, u) => sum + unitOf(tour, u.id).pax * u.quantity, 0);
  }

  function unitPricing(tour: ProductTour) {
    const prices = unitPricesCents(tour.precioCents);
    return unitsOf(tour).map((u) => ({ unitId: u.id, ...pricing(prices[u.key]) }));
  }

  async function products(caller: OctoCaller) {
    return (await octo.productTours()).map((t) => product(t, caller.pricing));
  }

  async function oneProduct(caller: OctoCaller, productId: string) {
    return product(await productTour(productId), caller.pricing);
  }

  function supplier() {
    return {
      id: "tours",
      name: deps.supplierName,
      endpoint: `${deps.publicApiUrl}/octo`,
      contact: { website: deps.storefrontUrl, email: null, telephone: null, address: null },
    };
  }

  return { productTour, checkOption, countsOf, countsFromQuantities, personsAsked, unitPricing, products, oneProduct, supplier };
}

export type OctoCatalogue = ReturnType<typeof createOctoCatalogue>;
