// Whether a saved input may travel in a page's address (`?q=`, `?input=`): only when it is one line.
// An input that spans lines, such as the pasted headers of the email header analyzer, is a message's
// own text; in an address it would stay in the browser's history, the server's logs and every copied
// link. Such an input is never put there: History opens its tool empty and nothing offers to run it again.
export function inputFitsAddress(input: string | null): boolean {
  return input === null || !/[\r\n]/.test(input)
}
