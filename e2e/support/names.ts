/** A name no earlier run used, so tests can find what they made in lists that keep every run's data. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
