// Placeholder until the screen lands.
export function RegisterScreen() {
  return <main><h1>RegisterScreen</h1></main>;
}
