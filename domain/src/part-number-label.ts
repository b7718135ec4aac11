/**
 * "Your no. ABC-1": how the cart, quick order and documents name a company's own part number
 * (issue 35). Apart from part-numbers.ts: the cart's rows load no zod for it.
 */
export const yourNumberLabel = (number: string) => `Your no. ${number}`;
