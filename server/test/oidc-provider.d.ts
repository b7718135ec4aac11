// oidc-provider ships no types; the tests use it only through e2e/support/oidc-issuer.ts.
declare module 'oidc-provider';
