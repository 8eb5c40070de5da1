import type { CreateCheckoutResult, PaymentOutcome, ProductsResult, SandboxCompleteBody, SessionStatus } from '@butterfic/contract';

type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type Products = ProductsResult;
export type ProductView = Products['products'][number];
export type CheckoutSecret = Infer<typeof CreateCheckoutResult>;
export type SandboxInput = Infer<typeof SandboxCompleteBody>;
export type SandboxOutcome = Infer<typeof PaymentOutcome>;
export type CheckoutStatus = Infer<typeof SessionStatus>;
