import { api } from "../config";
import { withHttpErrors } from "../errors";

/** The Rendimiento screen's one read (issue 27): p75 of the storefront's field vitals, called through useDataProvider(). */
export const vitalsActions = {
  fieldVitals: () => withHttpErrors(async () => (await api.vitals.summary()).succes.filas),
};
export type VitalsActions = typeof vitalsActions;
