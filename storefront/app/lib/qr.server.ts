import QRCode from "qrcode";

/**
 * The voucher's QR code as SVG markup, made on the server (no script, works without JavaScript, prints sharp).
 * It holds the booking reference only (e.g. "TR-7KQ2M9XP"): the guide's Check-in screen reads it.
 */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#14213d", light: "#ffffff" } });
}
