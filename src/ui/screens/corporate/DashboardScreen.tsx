// Placeholder until the screen lands.
export function DashboardScreen() {
  return <main><h1>DashboardScreen</h1></main>;
}
