import { api } from '../../../lib/api-client';
import type { CreateUserInput, CreateUserOutput, LoginInput, LoginResult } from '../../../lib/account/types';

/** POST /user/login/. Anonymous: a failed login must not trigger a token refresh or a redirect. */
export const login = (body: LoginInput) => api.post<LoginResult>('/user/login/', body, { anonymous: true });

/** POST /user/create/: the automatic registration on first login (SPEC.md section 4). */
export const createUser = (body: CreateUserInput) => api.post<CreateUserOutput>('/user/create/', body, { anonymous: true });
