import { Admin, CustomRoutes, Resource } from "react-admin";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { i18nProvider } from "./providers/i18nProvider";
import { PanelLayout } from "./layout/PanelLayout";
import { Validating } from "./layout/Validating";
import { Toasts } from "./layout/Toasts";
import { theme } from "./layout/theme";
import { lazyScreen } from "./lib/lazyScreen";
import { Inicio } from "./layout/Inicio";
import { CatchAll } from "./layout/SinPermiso";
import { canSee, type Screen } from "./lib/roles";

// Each screen is its own chunk, loaded when it is first opened: the first screen carries only react-admin, the
// layout and that screen; the tour forms (and with them the rich-text editor) load when a form is opened.
const TourList = lazyScreen(() => import("./resources/tour/TourList"), "TourList");
const TourCreate = lazyScreen(() => import("./resources/tour/TourForms"), "TourCreate");
const TourEdit = lazyScreen(() => import("./resources/tour/TourForms"), "TourEdit");
const CountryList = lazyScreen(() => import("./resources/pais"), "CountryList");
const CityList = lazyScreen(() => import("./resources/ciudades"), "CityList");
const OrderList = lazyScreen(() => import("./resources/pedidos"), "OrderList");
const RewardsRequestList = lazyScreen(() => import("./resources/rewards"), "RewardsRequestList");
const HelpRequestList = lazyScreen(() => import("./resources/ayuda"), "HelpRequestList");
const BannerPage = lazyScreen(() => import("./resources/banner"), "BannerPage");
const DepartureList = lazyScreen(() => import("./resources/salidas"), "DepartureList");
const HoyPage = lazyScreen(() => import("./resources/hoy"), "HoyPage");
const ManifestPage = lazyScreen(() => import("./resources/manifiesto"), "ManifestPage");
const CheckInPage = lazyScreen(() => import("./resources/checkin"), "CheckInPage");
const ApisList = lazyScreen(() => import("./resources/revendedores"), "ApisList");
const StaffPage = lazyScreen(() => import("./resources/usuarios"), "StaffPage");
const AuditPage = lazyScreen(() => import("./resources/auditoria"), "AuditPage");
const CodeList = lazyScreen(() => import("./resources/codigos"), "CodeList");
const CodeCreate = lazyScreen(() => import("./resources/codigos"), "CodeCreate");
const CodeEdit = lazyScreen(() => import("./resources/codigos"), "CodeEdit");
const GiftCardList = lazyScreen(() => import("./resources/tarjetas"), "GiftCardList");
const GiftCardShow = lazyScreen(() => import("./resources/tarjetas"), "GiftCardShow");
const PerformancePage = lazyScreen(() => import("./resources/rendimiento"), "PerformancePage");
const BlogsPage = lazyScreen(() => import("./resources/placeholders"), "BlogsPage");
const FotosPage = lazyScreen(() => import("./resources/placeholders"), "FotosPage");
const NosotrosPage = lazyScreen(() => import("./resources/placeholders"), "NosotrosPage");
const OpinionesPage = lazyScreen(() => import("./resources/placeholders"), "OpinionesPage");

export const BASENAME = "/panel";

// react-admin would use a HashRouter of its own; the panel's paths are real URLs (/panel/destinos) so that deep
// links survive a reload, hence a BrowserRouter with the admin mounted under /panel/*. React Router 6 (react-admin's
// own range; ~10 kB gzip lighter than 7 in this bundle), with 7's behaviour switched on.
export function App() {
  return (
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path={`${BASENAME}/*`} element={<PanelAdmin />} />
      </Routes>
    </BrowserRouter>
  );
}

function PanelAdmin() {
  return (
    <Admin
      basename={BASENAME}
      title="Panel de administración"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={PanelLayout}
      loading={Validating}
      notification={Toasts}
      theme={theme}
      requireAuth
      disableTelemetry
      loginPage={false}
      dashboard={Inicio}
      catchAll={CatchAll}
    >
      {(rol: string | undefined) => {
        const can = (screen: Screen) => canSee(rol, screen);
        return (
          <>
            {can("destinos") && <Resource name="destinos" list={TourList} create={TourCreate} edit={TourEdit} options={{ label: "Destinos" }} />}
            {can("pais") && <Resource name="pais" list={CountryList} options={{ label: "Países" }} />}
            {can("ciudades") && <Resource name="ciudades" list={CityList} options={{ label: "Ciudades" }} />}
            {can("pedidos") && <Resource name="pedidos" list={OrderList} options={{ label: "Pedidos" }} />}
            {can("rewards") && <Resource name="rewards" list={RewardsRequestList} options={{ label: "Rewards" }} />}
            {can("ayuda") && <Resource name="ayuda" list={HelpRequestList} options={{ label: "Ayuda" }} />}
            {can("banner") && <Resource name="banner" list={BannerPage} options={{ label: "Banner" }} />}
            {can("salidas") && <Resource name="salidas" list={DepartureList} options={{ label: "Salidas" }} />}
            {can("codigos") && <Resource name="codigos" list={CodeList} create={CodeCreate} edit={CodeEdit} options={{ label: "Códigos de descuento" }} />}
            {can("tarjetas-regalo") && <Resource name="tarjetas-regalo" list={GiftCardList} show={GiftCardShow} options={{ label: "Tarjetas regalo" }} />}
            {can("apis") && <Resource name="revendedores" />}
            {can("destinos") && <Resource name="horarios" />}
            {can("destinos") && <Resource name="tour-fotos" />}
            {can("pedidos") && <Resource name="pedido-lineas" />}
            <CustomRoutes>
              {can("hoy") && <Route path="/hoy" element={<HoyPage />} />}
              {can("salidas") && <Route path="/manifiesto/:salidaId" element={<ManifestPage />} />}
              {can("checkin") && <Route path="/checkin" element={<CheckInPage />} />}
              {can("usuarios") && <Route path="/usuarios" element={<StaffPage />} />}
              {can("actividad") && <Route path="/actividad" element={<AuditPage />} />}
              {can("rendimiento") && <Route path="/rendimiento" element={<PerformancePage />} />}
              {can("blogs") && <Route path="/blogs" element={<BlogsPage />} />}
              {can("fotos") && <Route path="/fotos" element={<FotosPage />} />}
              {can("nosotros") && <Route path="/nosotros" element={<NosotrosPage />} />}
              {can("opiniones") && <Route path="/opiniones" element={<OpinionesPage />} />}
              {can("apis") && <Route path="/apis" element={<ApisList />} />}
            </CustomRoutes>
          </>
        );
      }}
    </Admin>
  );
}
