import type {
  CreateUserBody,
  CreateUserResult,
  LoginBody,
  ModifyUserBody,
  SendCodeResult,
  VerifyCodeBody,
  VerifyCodeResult,
} from '@butterfic/contract';

/** The parsed type of a contract schema (the web does not import zod itself). */
type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type { LoginResult, UserInfo } from '@butterfic/contract';
export type LoginInput = Infer<typeof LoginBody>;
export type CreateUserInput = Infer<typeof CreateUserBody>;
export type CreateUserOutput = Infer<typeof CreateUserResult>;
export type ModifyUserInput = Infer<typeof ModifyUserBody>;
export type SendCodeOutput = Infer<typeof SendCodeResult>;
export type VerifyCodeInput = Infer<typeof VerifyCodeBody>;
export type VerifyCodeOutput = Infer<typeof VerifyCodeResult>;
