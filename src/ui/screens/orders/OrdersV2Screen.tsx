// Placeholder until the screen lands.
export function OrdersV2Screen() {
  return <main><h1>OrdersV2Screen</h1></main>;
}
