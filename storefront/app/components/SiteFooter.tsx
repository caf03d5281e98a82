import { Link } from "@remix-run/react";
import { SITE_NAME } from "~/lib/seo";
import { CONTACT, SOCIAL_LINKS } from "./site-links";
// The payment methods' picture as a hashed file (never inlined): its markup is in neither the HTML nor the JS.
import PAYMENT_METHODS_SVG from "~/assets/metodos-de-pago.svg?no-inline";
import { FOOTER_RATING } from "@tours/domain/constants";

/** Footer: link groups, the 9.1/10 rating, payment methods and social links (spec §2, §9). */
export function SiteFooter() {
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__groups">
          <nav aria-labelledby="footer-empresa">
            <h2 id="footer-empresa">{SITE_NAME}</h2>
            <ul>
              <li><Link to="/quienes-somos">Quiénes somos</Link></li>
              <li><Link to="/blog">Blog</Link></li>
              <li><Link to="/habla-con-viajero">Habla con un viajero</Link></li>
              <li><Link to="/contactar">Contactar</Link></li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-colabora">
            <h2 id="footer-colabora">Trabaja con nosotros</h2>
            <ul>
              <li><Link to="/proveedores">Proveedores</Link></li>
              <li><Link to="/afiliados">Afiliados</Link></li>
              <li><Link to="/agencia-de-viaje">Agencia de viaje</Link></li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-servicios">
            <h2 id="footer-servicios">Servicios</h2>
            <ul>
              <li><Link to="/alojamientos">Alojamientos</Link></li>
              <li><Link to="/transporte">Transporte</Link></li>
              <li><Link to="/rewards">Puzzle Rewards</Link></li>
              <li><Link to="/tarjeta-regalo">Tarjetas regalo</Link></li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-ayuda">
            <h2 id="footer-ayuda">Ayuda</h2>
            <ul>
              <li><Link to="/mi-reserva">Mi reserva</Link></li>
              <li><Link to="/ayuda">Centro de ayuda</Link></li>
              <li><Link to="/legal">Aviso legal</Link></li>
              <li><Link to="/login">Mi cuenta</Link></li>
              <li><a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a></li>
            </ul>
          </nav>
          <div>
            <h2>Opiniones de viajeros</h2>
            <p className="footer__rating" data-testid="footer-rating">
              <strong>{FOOTER_RATING}</strong>
              <span>Excelente</span>
            </p>
            <h2>Métodos de pago</h2>
            <img
              className="payments"
              src={PAYMENT_METHODS_SVG}
              alt="Aceptamos Visa, Mastercard, PayPal y American Express"
              width={300}
              height={40}
              loading="lazy"
            />
          </div>
        </div>
        <div className="footer__bottom">
          <p>© {new Date().getFullYear()} {SITE_NAME}. Todos los precios en USD.</p>
          <ul className="social" aria-label="Redes sociales">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" aria-label={`${SITE_NAME} en ${s.label}`}>
                  <span aria-hidden="true">{s.short}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
