/**
 * The demo geography shared by the seed (our pais/ciudad rows) and the bundled free-tour catalogue (the
 * provider's ids). The seed stores these ids in pais.freetour_id / ciudades.freetour_id, which staff can edit.
 */
export interface BundledPlace {
  country: string;
  countryId: string;
  cities: Array<{ name: string; cityId: string }>;
}

export const BUNDLED_PLACES: BundledPlace[] = [
  {
    country: "Colombia",
    countryId: "8c0a1714-7f99-5c9c-aeb0-59cf61bb0fad",
    cities: [
      { name: "Bogotá", cityId: "2f6d2a23-1ad8-5e9a-a710-cbe9b929f14f" },
      { name: "Medellín", cityId: "2d6075ab-33ab-5d2e-a642-fe31be633e6f" },
      { name: "Cartagena", cityId: "b5615058-6036-5949-a01b-5458b592a16f" },
    ],
  },
  {
    country: "México",
    countryId: "fffe6070-ff8b-5bd1-a403-8c06db1e91dd",
    cities: [
      { name: "Ciudad de México", cityId: "fd86b1f7-57a4-5899-aeac-72851366277f" },
      { name: "Cancún", cityId: "c7fbff9d-ad24-5383-ad26-f6408541b9e3" },
      { name: "Oaxaca", cityId: "998eac1e-9758-520d-aa6d-dbd20c068289" },
    ],
  },
  {
    country: "Perú",
    countryId: "9a350cfd-8303-56e7-a4b0-1cf25a5d6ac0",
    cities: [
      { name: "Cusco", cityId: "e3283d4e-00e8-547e-a646-84562bed277c" },
      { name: "Lima", cityId: "8ebeed8b-59bc-5dd0-a2f2-161a3ff368ad" },
      { name: "Arequipa", cityId: "6c6f7b86-9a2b-5a33-a851-8e8fb261d269" },
    ],
  },
  {
    country: "España",
    countryId: "45b592b8-f00d-5583-adc5-301a2f321d49",
    cities: [
      { name: "Madrid", cityId: "453ba92e-9d03-54a1-ab25-7fc00e090f3f" },
      { name: "Barcelona", cityId: "eee0f993-4935-5bbb-ab54-43ba3dd84b08" },
      { name: "Sevilla", cityId: "41768342-ae25-5471-ab68-9237196f6c10" },
    ],
  },
  {
    country: "Argentina",
    countryId: "e0d552b4-3426-5052-a1b3-8b47ab36668f",
    cities: [
      { name: "Buenos Aires", cityId: "3654ac47-e7d8-5fb5-ab17-522edc6efe59" },
      { name: "Mendoza", cityId: "2a1f0390-02fc-56b3-aa87-98b319476f7d" },
      { name: "Bariloche", cityId: "08eb8148-c6c5-5d0c-afc1-a3e0283d3660" },
    ],
  },
  {
    country: "Japón",
    countryId: "c088f41c-1d7e-5e79-a93f-f2accd7e797b",
    cities: [
      { name: "Tokio", cityId: "15f7e63a-2ac7-585b-a249-9337cdab9598" },
      { name: "Kioto", cityId: "f0f0d236-1401-56ed-a3bb-3114a01dc180" },
      { name: "Osaka", cityId: "2b6684d5-d4d8-5d8f-adde-b93862f92056" },
    ],
  },
];
