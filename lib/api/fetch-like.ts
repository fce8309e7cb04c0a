/** The part of fetch the api layer uses; the runtime passes the real one, tests a fake. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;
