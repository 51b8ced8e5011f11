/** What a request carries between middleware and handlers: the signed-in user. */
export type AppEnv = { Variables: { userId: string } };
