/**
 * Whether the visitor is signed in, as the pricing buttons need it. The page reads it from the
 * accounts feature and passes it down, so this feature does not depend on how sign-in works.
 */
export type VisitorStatus = 'unknown' | 'signed-in' | 'signed-out';
