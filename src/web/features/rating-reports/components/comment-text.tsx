/** An eater's comment as typed: a text node, never HTML (decision 080), line breaks kept by CSS. */
export function CommentText({ text }: { text: string }) {
  return <p className="ratings__comment-text">{text}</p>;
}
