// The area's pages in one lazy chunk: one import in the route table keeps the order page's entry chunk small (decision 078).
export { Component as ListPage } from './announcements-page';
export { Component as EditorPage } from './announcement-editor-page';
export { Component as DetailPage } from './announcement-page';
