// The desk's pages as Handlebars templates in the site theme's layout (Theme.compile): the
// site's look, the same engine's escaping. Every control has a visible label that is also its
// accessible name. Only `data` (JSON made script-safe by the server) is printed raw.

/** A message, and at most one form of hidden fields and a button (sign in, sign out). */
export const MESSAGE = `{{#> layout}}
<header class="intro">
  <h1>{{heading}}</h1>
  <p class="lede">{{message}}</p>
  {{~#if form}}
  <form method="post" action="{{form.action}}">
    {{~#each form.fields}}
    <input type="hidden" name="{{name}}" value="{{value}}">
    {{~/each}}
    <button class="button" type="submit">{{form.button}}</button>
  </form>
  {{~/if}}
  {{~#if passkey}}
  <div class="desk-passkey" data-passkey="signin" data-return="{{passkey.back}}">
    <button class="button passkey-button" type="button" hidden>Sign in with a passkey</button>
    <p class="passkey-status" role="status"></p>
  </div>
  <script type="module" src="{{passkey.script}}"></script>
  {{~/if}}
  {{~#if link}}
  <p><a href="{{link.href}}">{{link.text}}</a></p>
  {{~/if}}
</header>
{{/layout}}
`;

/** The writer's list: their publication's posts, filtered by status and searched. */
export const LIST = `{{#> layout}}
{{~#if assets}}
<link rel="stylesheet" href="{{assets.style}}">
{{~/if}}
<div class="desk">
<header class="desk-head">
  <h1>{{heading}}</h1>
  <p class="lede">{{message}}</p>
  <form class="desk-signout" method="post" action="/desk/signout">
    <input type="hidden" name="{{csrfField}}" value="{{csrf}}">
    <button class="button desk-quiet" type="submit">Sign out</button>
  </form>
</header>
<p><a class="button desk-new" href="/desk/posts/new">New post</a></p>
{{~#if notice}}
<p class="desk-notice" role="status">{{notice}}</p>
{{~/if}}
<form class="desk-filter" method="get" action="/desk" role="search" aria-label="Your posts">
  <div class="desk-field">
    <label for="filter-status">Status</label>
    <select id="filter-status" name="status">
      {{~#each statuses}}
      <option value="{{value}}"{{#if selected}} selected{{/if}}>{{label}}</option>
      {{~/each}}
    </select>
  </div>
  <div class="desk-field desk-grow">
    <label for="filter-q">Search</label>
    <input id="filter-q" type="search" name="q" value="{{query}}" placeholder="Title, subtitle, slug or category">
  </div>
  <button class="button" type="submit">Filter</button>
</form>
<h2 class="desk-count">{{countText}}</h2>
{{~#if posts.length}}
<ul class="desk-posts">
  {{~#each posts}}
  <li>
    <a class="desk-post-title" href="{{editUrl}}">{{title}}</a>
    <p class="meta"><span class="desk-badge desk-{{status}}">{{statusText}}</span> · {{when}} · {{views}}</p>
  </li>
  {{~/each}}
</ul>
{{~/if}}
{{~#if more}}
<p class="desk-more">{{#if more.url}}<a href="{{more.url}}">Older posts</a>{{else}}{{more.text}}{{/if}}</p>
{{~/if}}
{{~#if assets}}
<section class="desk-passkey" data-passkey="register" aria-labelledby="passkeys-heading">
  <h2 id="passkeys-heading">Passkeys</h2>
  <p class="passkey-count" data-count="{{passkeys}}">{{passkeysText}}</p>
  <button class="button passkey-button" type="button" hidden>Add a passkey</button>
  <p class="passkey-status" role="status"></p>
</section>
<script type="module" src="{{assets.passkey}}"></script>
{{~/if}}
</div>
{{/layout}}
`;

/** The editor: the post's fields, the toolbar and body, its actions and their dialogs. */
export const EDITOR = `{{#> layout}}
<link rel="stylesheet" href="{{assets.style}}">
<div class="desk desk-editing">
<p class="desk-back"><a href="/desk">All posts</a></p>
<h1>{{heading}}</h1>
<p class="desk-state">Status: <strong id="post-state">{{stateText}}</strong>
  <a id="live-link" href="{{liveUrl}}"{{#unless liveUrl}} hidden{{/unless}}>Read it on the site</a></p>
<form id="post-form" class="desk-form" novalidate>
  <div class="desk-field">
    <label for="post-title">Title</label>
    <input id="post-title" name="title" value="{{post.title}}" maxlength="{{limits.title}}" autocomplete="off" required>
  </div>
  <div class="desk-field">
    <label for="post-subtitle">Subtitle</label>
    <input id="post-subtitle" name="subtitle" value="{{post.subtitle}}" maxlength="{{limits.subtitle}}" autocomplete="off">
  </div>
  <div class="desk-row">
    <div class="desk-field desk-grow">
      <label for="post-slug">Slug</label>
      <input id="post-slug" name="slug" value="{{post.slug}}" autocomplete="off" aria-describedby="slug-help" spellcheck="false">
      <p id="slug-help" class="desk-help">The last part of the post's address. Changing it keeps the old address redirecting to the new one.</p>
    </div>
    <div class="desk-field desk-grow">
      <label for="post-categories">Categories</label>
      <input id="post-categories" name="categories" value="{{post.categories}}" autocomplete="off" aria-describedby="categories-help">
      <p id="categories-help" class="desk-help">Separated by commas.</p>
    </div>
  </div>
  <div class="desk-field desk-cover">
    <label for="post-cover">Cover image</label>
    <img id="cover-preview" src="{{post.imageUrl}}" alt="The cover image"{{#unless post.imageUrl}} hidden{{/unless}}>
    <input id="post-cover" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" aria-describedby="cover-help">
    <p id="cover-help" class="desk-help">JPEG, PNG, WebP, GIF or AVIF, up to {{maxMegabytes}} MB.</p>
  </div>
  <div class="desk-field">
    <span class="desk-label" id="body-label">Body</span>
    <div class="desk-toolbar" role="toolbar" aria-label="Formatting" aria-controls="editor">
      {{~#each tools}}
      <button type="button" class="desk-tool" data-command="{{command}}" aria-keyshortcuts="{{aria}}" title="{{label}} ({{aria}})"{{#if toggle}} aria-pressed="false"{{/if}} disabled>{{label}}</button>
      {{~/each}}
    </div>
    <div class="desk-context" id="editor-context" hidden>
      <div class="desk-context-group" data-when="codeBlock" hidden>
        <label for="code-language">Language</label>
        <input id="code-language" list="code-languages" autocomplete="off" spellcheck="false">
        <datalist id="code-languages">{{#each languages}}<option value="{{this}}"></option>{{/each}}</datalist>
      </div>
      <div class="desk-context-group" data-when="table" hidden>
        <button type="button" class="desk-tool" data-command="addRowAfter">Add row</button>
        <button type="button" class="desk-tool" data-command="addColumnAfter">Add column</button>
        <button type="button" class="desk-tool" data-command="deleteRow">Delete row</button>
        <button type="button" class="desk-tool" data-command="deleteColumn">Delete column</button>
        <button type="button" class="desk-tool" data-command="deleteTable">Delete table</button>
      </div>
      <div class="desk-context-group" data-when="image" hidden>
        <label for="image-alt-inline">Image description</label>
        <input id="image-alt-inline" autocomplete="off">
      </div>
    </div>
    <div id="editor" class="desk-editor" data-label="Body"><p class="desk-loading">The editor is loading…</p></div>
    <p class="desk-stats" id="stats">{{stats}}</p>
  </div>
  <div class="desk-actions">
    <button type="button" class="button" id="action-save">{{saveLabel}}</button>
    <a class="button desk-quiet" id="action-preview" href="{{previewUrl}}" target="_blank"{{#unless previewUrl}} hidden{{/unless}}>Preview</a>
    <button type="button" class="button" id="action-publish"{{#unless can.publish}} hidden{{/unless}}>Publish</button>
    <button type="button" class="button desk-quiet" id="action-schedule"{{#unless can.schedule}} hidden{{/unless}}>Schedule</button>
    <button type="button" class="button desk-quiet" id="action-unpublish"{{#unless can.unpublish}} hidden{{/unless}}>Unpublish</button>
    <button type="button" class="button desk-danger" id="action-delete"{{#unless can.delete}} hidden{{/unless}}>Delete</button>
  </div>
  <p class="desk-status" id="save-status" role="status" aria-live="polite"{{#if savedText}} data-state="saved"{{/if}}>{{savedText}}</p>
  <p class="desk-error" id="save-error" role="alert"></p>
</form>

<dialog id="dialog-link" aria-labelledby="dialog-link-title">
  <form method="dialog">
    <h2 id="dialog-link-title">Link</h2>
    <div class="desk-field"><label for="link-href">Link address</label><input id="link-href" type="url" autocomplete="off" placeholder="https://"></div>
    <div class="desk-dialog-buttons">
      <button class="button" value="ok">Apply</button>
      <button class="button desk-quiet" value="remove">Remove link</button>
      <button class="button desk-quiet" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</dialog>
<dialog id="dialog-image" aria-labelledby="dialog-image-title">
  <form method="dialog">
    <h2 id="dialog-image-title">Image</h2>
    <div class="desk-field"><label for="image-file">Upload a file</label><input id="image-file" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif"></div>
    <div class="desk-field"><label for="image-src">Or its address</label><input id="image-src" type="url" autocomplete="off" placeholder="https://"></div>
    <div class="desk-field"><label for="image-alt">Description (alt text)</label><input id="image-alt" autocomplete="off"></div>
    <div class="desk-dialog-buttons">
      <button class="button" value="ok">Insert image</button>
      <button class="button desk-quiet" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</dialog>
<dialog id="dialog-embed" aria-labelledby="dialog-embed-title">
  <form method="dialog">
    <h2 id="dialog-embed-title">Embed</h2>
    <p class="desk-help">Readers see a link card to it; nothing of the other site runs on the page.</p>
    <div class="desk-field"><label for="embed-url">Address of the video or post</label><input id="embed-url" type="url" autocomplete="off" placeholder="https://"></div>
    <div class="desk-field"><label for="embed-title">Link text</label><input id="embed-title" autocomplete="off"></div>
    <div class="desk-dialog-buttons">
      <button class="button" value="ok">Insert embed</button>
      <button class="button desk-quiet" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</dialog>
<dialog id="dialog-schedule" aria-labelledby="dialog-schedule-title">
  <form method="dialog">
    <h2 id="dialog-schedule-title">Schedule</h2>
    <div class="desk-field">
      <label for="schedule-at">Publish at, your time (<span id="schedule-zone">UTC</span>)</label>
      <input id="schedule-at" type="datetime-local" aria-describedby="schedule-utc">
      <p class="desk-help" id="schedule-utc">Choose a time in the future.</p>
    </div>
    <div class="desk-dialog-buttons">
      <button class="button" value="ok">Schedule it</button>
      <button class="button desk-quiet" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</dialog>
<dialog id="dialog-delete" aria-labelledby="dialog-delete-title">
  <form method="dialog">
    <h2 id="dialog-delete-title">Delete this post?</h2>
    <p>It is removed for good, from the site and the desk; its address stops working.</p>
    <div class="desk-dialog-buttons">
      <button class="button desk-danger" value="ok">Delete the post</button>
      <button class="button desk-quiet" value="cancel" autofocus>Keep it</button>
    </div>
  </form>
</dialog>
<dialog id="dialog-conflict" aria-labelledby="dialog-conflict-title">
  <form method="dialog">
    <h2 id="dialog-conflict-title">This post was changed elsewhere</h2>
    <p>Another tab or another writer saved it after you opened it. Nothing is lost either way: the text you do not keep here is saved as a new draft.</p>
    <p class="desk-help" id="conflict-theirs"></p>
    <div class="desk-dialog-buttons">
      <button class="button" value="mine">Keep mine (theirs becomes a copy)</button>
      <button class="button desk-quiet" value="theirs">Show theirs (mine becomes a copy)</button>
    </div>
  </form>
</dialog>
<script type="application/json" id="desk-data">{{{data}}}</script>
<script type="module" src="{{assets.script}}"></script>
</div>
{{/layout}}
`;
