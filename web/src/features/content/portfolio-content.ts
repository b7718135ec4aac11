/**
 * The /portfolio page: how the shop is engineered. This is the one file to edit; the page only
 * lays it out. It describes the software, not a person.
 */
export const portfolioIntro =
  'Proper Parts is open-source software for selling industrial, machine and car parts to business buyers. This page explains how it is built and how we keep it correct.';

export interface PortfolioSection {
  id: string;
  title: string;
  paragraphs: string[];
  /** Short facts shown as a list under the paragraphs. */
  points?: string[];
}

export const portfolioSections: PortfolioSection[] = [
  {
    id: 'stack',
    title: 'The stack',
    paragraphs: [
      'TypeScript everywhere, in one repository. The rules of the shop (what a valid order, review or product is, and every message a user reads) live in one shared package, used by the server to check requests and by the browser to check forms, so the two can never disagree.',
    ],
    points: [
      'Server: Fastify, with a schema on every request and every answer, and an OpenAPI document at /api/docs',
      'Database: PostgreSQL through Drizzle ORM; an embedded PostgreSQL (PGlite) when no server is configured',
      'Browser: React with React Router and TanStack Query, styled with Tailwind CSS and daisyUI',
      'Identity: better-auth, with email and password, Google or any OpenID Connect provider',
    ],
  },
  {
    id: 'orders-and-stock',
    title: 'How orders and stock stay correct',
    paragraphs: [
      'The server decides every price and every total: it reads the product’s price and multiplies it by the quantity. Money is kept in whole cents, so no total is ever off by a rounding error.',
      'Stock is reserved inside the same database transaction that creates the order, with a single conditional update that only succeeds while enough pieces remain. Two buyers racing for the last pallet cannot both get it, even when the shop runs on several servers.',
      'An order keeps a copy of the product’s name, image and unit price, so its history stays true after the catalog changes. Orders are cancelled, never erased.',
      'An order is marked paid only after the server has asked the payment provider that the payment succeeded, for that order and that amount.',
    ],
  },
  {
    id: 'security',
    title: 'Who may do what',
    paragraphs: [
      'Every API route declares who may call it: anyone, a signed-in customer, or an admin. The server enforces it; the browser only hides buttons. Sessions are httpOnly cookies that page scripts cannot read.',
      'Every answer to bad input is a clear message with a 4xx status, never a server error, and a refused request never changes data.',
    ],
  },
  {
    id: 'testing',
    title: 'How it is tested',
    paragraphs: [
      'Tests run against the real thing: a real database (PGlite and PostgreSQL), the real identity service, real mail over SMTP and a real browser. Nothing of our own is mocked.',
    ],
    points: [
      'API tests for every rule, on both databases',
      'An authorization matrix: every route, called as a visitor, two customers and an admin',
      'A junk-input sweep: every route, every kind of caller, dozens of kinds of malformed input',
      'Browser journeys in Chromium with Playwright: sign-up, reviews, the home page, and more',
    ],
  },
];
