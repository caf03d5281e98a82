export { TourList } from "./TourList";
export { TourCreate, TourEdit } from "./TourForms";
