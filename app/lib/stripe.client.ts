// Stripe.js is injected only when loadStripe is called (the `pure` entry has no import-time
// side effect), and `.client` keeps it out of the server build altogether.
export { loadStripe } from '@stripe/stripe-js/pure'
