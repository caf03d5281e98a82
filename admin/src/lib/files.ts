/** At most this many photos per selection (spec §5, §9). */
export const MAX_FOTOS = 20;

export const IMAGE_ACCEPT = { "image/*": [".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"] };
