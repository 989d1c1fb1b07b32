// Placeholder until the screen lands.
export function NotFoundScreen() {
  return <main><h1>NotFoundScreen</h1></main>;
}
