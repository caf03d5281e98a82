import jsQR from "jsqr";

/**
 * The one QR decoder of the Check-in screen (jsQR: plain JavaScript, no worker nor WebAssembly, so the panel's
 * Content-Security-Policy needs nothing new). The camera's frames and a picked photo both end here.
 */

/** Photos from a phone are large; decoding works as well (and much faster) on a copy of at most this side. */
const MAX_SIDE = 1024;

/** The text of the QR code in these pixels, or null when none can be read. */
export function decodePixels(pixels: ImageData): string | null {
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" });
  return found?.data ? found.data : null;
}

function pixelsOf(source: CanvasImageSource, width: number, height: number, canvas = document.createElement("canvas")): ImageData | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  // a white background: a transparent PNG of a QR code would otherwise read as black on black
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The QR code of a picked image file (a photo of a voucher, a screenshot of the e-mail). */
export async function decodeFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height);
    return pixels ? decodePixels(pixels) : null;
  } finally {
    bitmap.close();
  }
}

/** The QR code in the camera's current frame, drawn on a canvas kept between frames. */
export function decodeVideoFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  if (video.readyState < video.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  const pixels = pixelsOf(video, video.videoWidth, video.videoHeight, canvas);
  return pixels ? decodePixels(pixels) : null;
}
