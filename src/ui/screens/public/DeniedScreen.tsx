// Placeholder until the screen lands.
export function DeniedScreen() {
  return <main><h1>DeniedScreen</h1></main>;
}
