// Placeholder until the screen lands.
export function ChangePasswordScreen(_props: { staff?: boolean }) {
  return <main><h1>ChangePasswordScreen</h1></main>;
}
