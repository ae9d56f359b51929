/**
 * Request and response schemas of login and refresh; the current user's schema is the generated
 * `CurrentUser` (schema/entities/currentUser.yaml).
 */

export const tokenPairSchema = {
  $id: 'TokenPair',
  type: 'object',
  properties: {
    token: { type: 'string', description: 'access token (JWT), valid 15 minutes' },
    refresh_token: { type: 'string', description: 'single-use refresh token' },
  },
  required: ['token', 'refresh_token'],
} as const;

export const loginBodySchema = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 320, description: 'the e-mail address' },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
  required: ['username', 'password'],
} as const;

export const refreshBodySchema = {
  type: 'object',
  properties: {
    refresh_token: { type: 'string', minLength: 1, maxLength: 200 },
    product: { type: 'string', maxLength: 20, description: 'product code of the portal the client runs in' },
  },
  required: ['refresh_token'],
} as const;

export const logoutBodySchema = {
  type: 'object',
  properties: { refresh_token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['refresh_token'],
} as const;
