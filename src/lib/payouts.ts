/** Stripe's requirement ids ("individual.id_number") as a reader would say them. */
export const requirementLabel = (id: string) => id.replaceAll('_', ' ').replaceAll('.', ' · ');
