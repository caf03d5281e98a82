import { Admin, CustomRoutes, Resource } from "react-admin";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { i18nProvider } from "./providers/i18nProvider";
import { PanelLayout } from "./layout/PanelLayout";
import { Validating } from "./layout/Validating";
import { Toasts } from "./layout/Toasts";
import { theme } from "./layout/theme";
import { TourCreate, TourEdit, TourList } from "./resources/destinos";
import { PaisList } from "./resources/pais";
import { CiudadList } from "./resources/ciudades";
import { PedidoList } from "./resources/pedidos";
import { RewardsList } from "./resources/rewards";
import { AyudaList } from "./resources/ayuda";
import { BannerPage } from "./resources/banner";
import { SalidaList } from "./resources/salidas";
import { ApisList } from "./resources/apis";
import { BlogsPage, FotosPage, NosotrosPage, OpinionesPage, UsuariosPage } from "./resources/placeholders";

export const BASENAME = "/panel";

// react-admin would use a HashRouter of its own; the panel's paths are real URLs (/panel/destinos) so that deep
// links survive a reload, hence a BrowserRouter with the admin mounted under /panel/*.
export function App() {
  return (
    <BrowserRouter>
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
    >
      <Resource name="destinos" list={TourList} create={TourCreate} edit={TourEdit} options={{ label: "Destinos" }} />
      <Resource name="pais" list={PaisList} options={{ label: "Países" }} />
      <Resource name="ciudades" list={CiudadList} options={{ label: "Ciudades" }} />
      <Resource name="pedidos" list={PedidoList} options={{ label: "Pedidos" }} />
      <Resource name="rewards" list={RewardsList} options={{ label: "Rewards" }} />
      <Resource name="ayuda" list={AyudaList} options={{ label: "Ayuda" }} />
      <Resource name="banner" list={BannerPage} options={{ label: "Banner" }} />
      <Resource name="salidas" list={SalidaList} options={{ label: "Salidas" }} />
      <Resource name="revendedores" />
      <Resource name="horarios" />
      <Resource name="tour-fotos" />
      <Resource name="pedido-lineas" />
      <CustomRoutes>
        <Route path="/usuarios" element={<UsuariosPage />} />
        <Route path="/blogs" element={<BlogsPage />} />
        <Route path="/fotos" element={<FotosPage />} />
        <Route path="/nosotros" element={<NosotrosPage />} />
        <Route path="/opiniones" element={<OpinionesPage />} />
        <Route path="/apis" element={<ApisList />} />
      </CustomRoutes>
    </Admin>
  );
}
