/** What a provider's card form needs, and what it reports back. */
export interface CardFormProps {
  clientSecret: string;
  billing: { name: string; email: string };
  /** The provider confirmed the card: the server is asked to record that payment. */
  onConfirmed: (paymentId: string) => Promise<void>;
  /** True while the payment is being recorded. */
  busy: boolean;
}
