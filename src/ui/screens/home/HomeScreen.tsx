// Placeholder until the screen lands.
export function HomeScreen() {
  return <main><h1>HomeScreen</h1></main>;
}
