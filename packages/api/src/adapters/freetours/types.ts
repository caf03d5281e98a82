import type { FreeTour, FreeTourAvailability, FreeTourReview } from "@tours/contract";

/** One page of the provider's tour list, in the provider's (and the contract's) shape. */
export interface FreeTourPage {
  tours: FreeTour[];
  currentPage: number;
  totalPages: number;
  totalObjects: number;
}

/**
 * The external free-tour provider (freetour.com partner-API style). Implemented by the HTTP adapter
 * (FREETOUR_API_URL) and by the bundled offline catalogue. Ids are the provider's strings.
 */
export interface FreeTourProvider {
  toursByCountry(countryId: string, page?: number): Promise<FreeTourPage>;
  toursByCity(cityId: string, page?: number): Promise<FreeTourPage>;
  /** null when the provider does not know the id. */
  tour(id: string): Promise<FreeTour | null>;
  availability(id: string): Promise<{ data: FreeTourAvailability[]; status: string }>;
  reviews(id: string): Promise<{ data: FreeTourReview[]; status: string }>;
}
