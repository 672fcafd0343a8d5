// Svelte 5 page: the component (App.svelte) is compiled by Vite's Svelte plugin.
import {mount} from 'svelte';
import App from './App.svelte';

mount(App, {target: document.getElementById('app')!});
