// Runs before first paint (tiny and blocking on purpose): marks a landing-page load so the static
// hero in index.html shows while the app's JavaScript is still on its way over a slow connection.
// Other routes keep the shell hidden rather than flash the landing page.
if (/^\/(landingpage\/?)?$/.test(location.pathname)) document.documentElement.classList.add('boot-landing');
