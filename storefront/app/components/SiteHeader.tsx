import { Form, Link, NavLink } from "@remix-run/react";
import type { FocusEvent } from "react";
import { SITE_NAME } from "~/lib/seo";
import { Icon } from "./Icon";
import { MENU_PAGES } from "./site-links";

/**
 * Chrome leaves a link that Tab reaches half outside the section bar's horizontal scroller where it is (only a
 * hidden one is scrolled to): bring the focused link wholly into view (WCAG 2.4.11 Focus Not Obscured).
 */
const reveal = (event: FocusEvent<HTMLElement>) => event.target.scrollIntoView({ block: "nearest", inline: "nearest" });

/** Top bar: logo, destination search, "Mi cuenta", "Puzzle Rewards" and the cart with its item count. */
export function SiteHeader({ cartCount }: { cartCount: number }) {
  const cartLabel = cartCount === 1 ? "Carrito: 1 tour" : `Carrito: ${cartCount} tours`;
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <header className="topbar">
        <div className="container topbar__inner">
          <Link to="/" className="logo" aria-label={`${SITE_NAME}, inicio`}>
            <span className="logo__mark" aria-hidden="true">
              ✦
            </span>
            <span>{SITE_NAME}</span>
          </Link>
          <Form method="get" action="/buscar" className="topbar__search" role="search">
            <label htmlFor="topbar-q" className="visually-hidden">
              Buscar destino
            </label>
            <input id="topbar-q" type="search" name="q" placeholder="¿A dónde quieres ir?" autoComplete="off" />
            <button type="submit" className="btn btn--small">
              Buscar
            </button>
          </Form>
          <nav className="topnav" aria-label="Cuenta">
            <NavLink to="/login">
              <Icon name="user" />
              <span className="topnav__label">Mi cuenta</span>
            </NavLink>
            <NavLink to="/rewards">
              <Icon name="trophy" />
              <span className="topnav__label">Puzzle Rewards</span>
            </NavLink>
            <NavLink to="/shop" className="cart-link" aria-label={cartLabel} data-testid="cart-link">
              <Icon name="cart" />
              <span className="cart-count" data-testid="cart-count" aria-hidden="true">
                {cartCount}
              </span>
            </NavLink>
          </nav>
        </div>
      </header>
      <nav className="menu-bar" aria-label="Secciones" onFocus={reveal}>
        <ul>
          {MENU_PAGES.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to}>{page.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
