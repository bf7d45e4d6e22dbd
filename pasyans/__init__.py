"""pasyans"""
