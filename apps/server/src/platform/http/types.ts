/** What a request carries between middleware and handlers: the signed-in user and their session's row id. */
export type AppEnv = { Variables: { userId: string; sessionId: string } };
