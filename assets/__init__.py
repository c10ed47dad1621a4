"""Noirburg's shipped data (card art, sounds, fonts, icons), installed as the
package `noirburg_assets`; read it only through noirburg_desktop.look.resources."""
