/** The partner API's scopes, in the order they are offered (the server's `APP_SCOPES`). */
export const SCOPES = ["public:read", "profile:read", "tree:read", "tree:export", "tree:import"] as const;
