/**
 * Appends children (nodes or text). A helper because the Workers types in this project shadow the
 * DOM's Element.append signature; appendChild is the same in both.
 */
export function add(parent: Node, ...children: Array<Node | string | null | undefined | false>): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}
