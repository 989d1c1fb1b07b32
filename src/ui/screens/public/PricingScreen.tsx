// Placeholder until the screen lands.
export function PricingScreen() {
  return <main><h1>PricingScreen</h1></main>;
}
