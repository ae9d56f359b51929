/** The front-end version of the specification (document 1 §1, document 2 §1), shown to admins. */
export const FRONTEND_VERSION = '2.16.2';
